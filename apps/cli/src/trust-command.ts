import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  checkWorkspace,
  hashConfig,
  listTrustedConfigs,
  revokeConfigTrust,
  trustConfigFile,
  trustStorePath,
} from '@toolcall/tools';
import { loadConfigFile, userConfigPath, workspaceConfigPath } from './config.js';
import type { CliIo } from './io.js';
import { describeSetting, narrowUntrusted } from './untrusted-config.js';

/** The help of `toolcall trust`. */
export const trustUsage = `Usage: toolcall trust [-C DIR] [--revoke | --list]

Trusts the workspace's .toolcall/config.json as it is now: its permission mode, sandbox,
allow rules, hooks, upstream servers and higher limits take effect. Until then the file
can only narrow (deny and ask rules, a narrower mode, a stricter sandbox, lower limits).
A changed file is untrusted again. Trust is recorded in ${'$'}XDG_CONFIG_HOME/toolcall/trusted.json.
  --revoke   forget the workspace's file
  --list     list the trusted files, each marked current, changed or missing
`;

/** `toolcall trust [-C DIR] [--revoke | --list]`. */
export async function trustCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let values: ReturnType<typeof parse>['values'];
  try {
    ({ values } = parse(argv));
  } catch (error) {
    io.stderr.write(`toolcall trust: ${(error as Error).message}\n\n${trustUsage}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(trustUsage);
    return 0;
  }
  if (values.revoke && values.list) {
    io.stderr.write('toolcall trust: give at most one of --revoke and --list\n');
    return 2;
  }
  const environment = io.env ?? process.env;
  if (values.list) return list(io, environment);
  const workspace = resolve(io.cwd ?? process.cwd(), values.workspace ?? '.');
  const checked = await checkWorkspace(workspace);
  if (!checked.success) {
    io.stderr.write(`toolcall trust: ${checked.error.message}\n`);
    return 2;
  }
  const file = workspaceConfigPath(workspace);
  if (values.revoke) {
    const revoked = await revokeConfigTrust({ file, environment });
    if (!revoked.success) {
      io.stderr.write(`toolcall trust: ${revoked.error.message}\n`);
      return 1;
    }
    io.stdout.write(revoked.value ? `revoked ${file}\n` : `${file} was not trusted\n`);
    return 0;
  }
  // The file is checked and trusted as read here: a change after this read is not trusted.
  const loaded = await loadConfigFile(file);
  if (!loaded.success) {
    io.stderr.write(`toolcall trust: ${loaded.error}\n`);
    return 2;
  }
  if (loaded.content === undefined) {
    io.stderr.write(`toolcall trust: no config file at ${file}; nothing to trust\n`);
    return 2;
  }
  const trusted = await trustConfigFile({ file, content: loaded.content, environment });
  if (!trusted.success) {
    io.stderr.write(`toolcall trust: ${trusted.error.message}\n`);
    return 1;
  }
  io.stdout.write(`trusted ${trusted.value.file} (sha256 ${trusted.value.sha256.slice(0, 12)})\n`);
  // What the trust changed: the settings the file could not make untrusted, now in effect.
  const user = await loadConfigFile(userConfigPath(environment));
  const { ignored } = narrowUntrusted(user.success ? user.value : {}, loaded.value);
  for (const setting of ignored) {
    io.stdout.write(`  now in effect: ${describeSetting(setting)}\n`);
  }
  return 0;
}

async function list(io: CliIo, environment: NodeJS.ProcessEnv): Promise<number> {
  const trusted = await listTrustedConfigs(environment);
  if (!trusted.success) {
    io.stderr.write(`toolcall trust: ${trusted.error.message}\n`);
    return 1;
  }
  if (trusted.value.length === 0) {
    io.stdout.write(`no trusted files (${trustStorePath(environment)})\n`);
    return 0;
  }
  for (const entry of trusted.value) {
    const content = await readFile(entry.file).catch(() => undefined);
    const state =
      content === undefined
        ? 'missing'
        : hashConfig(content) === entry.sha256
          ? 'current'
          : 'changed';
    io.stdout.write(`${entry.file}\t${state}\t${entry.trustedAt}\n`);
  }
  return 0;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      workspace: { type: 'string', short: 'C' },
      revoke: { type: 'boolean' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
