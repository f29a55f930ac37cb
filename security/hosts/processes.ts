import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { HostPolicy } from './host.js';

const require = createRequire(import.meta.url);

/** The built `toolcall` binary of apps/cli. */
export const toolcallBin = join(
  dirname(require.resolve('@toolcall/cli/package.json')),
  'dist/cli.js',
);

/** The built Emacs bridge of apps/emacs. */
export const bridgeBin = join(
  dirname(require.resolve('@toolcall/emacs/package.json')),
  'dist/bridge.js',
);

/**
 * The environment a host process runs in: `HOME` and the user's config directory inside the
 * test's own tree, and the mode written to the user's config file (which is trusted, unlike a
 * workspace's own file).
 */
export function hostEnvironment(home: string, policy: HostPolicy): NodeJS.ProcessEnv {
  const config = join(home, '.config');
  mkdirSync(join(config, 'toolcall'), { recursive: true });
  writeFileSync(
    join(config, 'toolcall', 'config.json'),
    JSON.stringify({ permissions: { mode: policy.mode } }),
  );
  return { ...process.env, HOME: home, XDG_CONFIG_HOME: config, NO_COLOR: '1' };
}

/** `--allow R --deny R --ask R` for a policy. */
export function ruleFlags(policy: HostPolicy): string[] {
  const flags: string[] = [];
  for (const rule of policy.allow) flags.push('--allow', rule);
  for (const rule of policy.deny) flags.push('--deny', rule);
  for (const rule of policy.ask ?? []) flags.push('--ask', rule);
  return flags;
}

/** The result of one finished process. */
export interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a process to its end with no input. */
export function runProcess(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<Finished> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
