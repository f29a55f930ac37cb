import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { bin, type Finished, tempDir } from './helpers.js';

const upstream = fileURLToPath(new URL('./fixtures/upstream-server.mjs', import.meta.url));

let root: string;
let workspace: string;
let configFile: string;
/** Made by the hook, by the upstream's start and by a Bash call outside the workspace. */
let hookMarker: string;
let upstreamMarker: string;
let outside: string;

/** Runs the real `toolcall` with HOME and XDG_CONFIG_HOME in the test's own directory. */
function toolcall(args: readonly string[], input = ''): Promise<Finished> {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: workspace,
    env: {
      ...process.env,
      HOME: join(root, 'home'),
      XDG_CONFIG_HOME: join(root, 'xdg'),
      NO_COLOR: '1',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.on('error', () => {});
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A config that widens every way there is. */
function writeWideConfig(extra = ''): void {
  const config = {
    permissions: { mode: 'full-auto', allow: ['Bash(touch*)'] },
    sandbox: 'off',
    hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: `touch '${hookMarker}'` }],
    upstreams: {
      up: {
        command: 'sh',
        args: ['-c', `touch '${upstreamMarker}'; exec '${process.execPath}' '${upstream}'`],
      },
    },
    toolCall: { parallelism: 64, limits: { steps: 1e12 } },
  };
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}${extra}\n`);
}

beforeEach(() => {
  root = realpathSync(tempDir('toolcall-trust-'));
  workspace = join(root, 'ws');
  mkdirSync(join(workspace, '.toolcall'), { recursive: true });
  mkdirSync(join(root, 'home'));
  configFile = join(workspace, '.toolcall', 'config.json');
  hookMarker = join(root, 'hook-ran');
  upstreamMarker = join(root, 'upstream-started');
  outside = join(root, 'outside');
  writeWideConfig();
  return () => rmSync(root, { recursive: true, force: true });
});

/** A Bash call with no `--yes`: without a terminal, a question is a denial. */
const bashCall = () =>
  toolcall(['call', 'Bash', `command=touch '${outside}'`, 'description=touch outside']);

/** `toolcall mcp` with its input closed at once: it starts the upstreams it was given, then ends. */
const mcpStart = () => toolcall(['mcp']);

async function expectUntrusted(): Promise<void> {
  const call = await bashCall();
  expect(call.code).toBe(3);
  expect(existsSync(hookMarker)).toBe(false);
  expect(existsSync(outside)).toBe(false);
  const warnings = call.stderr.split('\n').filter((line) => line.includes('is not trusted'));
  const paths = warnings.map((line) => /^toolcall: ignoring `([^:]+):/.exec(line)?.[1]);
  expect(paths).toEqual([
    'permissions.allow',
    'permissions.mode',
    'sandbox',
    'hooks',
    'upstreams.up',
    'toolCall.parallelism',
    'toolCall.limits.steps',
  ]);
  expect(warnings[1]).toBe(
    `toolcall: ignoring \`permissions.mode: full-auto\` from ${configFile}: the file is not trusted; run \`toolcall trust\` to trust it`,
  );
  const mcp = await mcpStart();
  expect(mcp.code).toBe(0);
  expect(existsSync(upstreamMarker)).toBe(false);
  expect(mcp.stderr).toContain('toolcall mcp: ignoring `upstreams.up:');
}

describe('workspace trust through the real binary', () => {
  it('ignores every widening setting of an untrusted file, applies them once trusted, and ignores them again after a change', async () => {
    await expectUntrusted();

    const trusted = await toolcall(['trust']);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toMatch(
      new RegExp(`^trusted ${configFile.replace(/[.]/g, '\\.')} \\(sha256 [0-9a-f]{12}\\)\\n`),
    );
    expect(trusted.stdout).toContain('  now in effect: `permissions.mode: full-auto`\n');
    expect(existsSync(join(root, 'xdg', 'toolcall', 'trusted.json'))).toBe(true);

    const call = await bashCall();
    expect(call).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(hookMarker)).toBe(true);
    // Unconfined: the command wrote outside the workspace.
    expect(existsSync(outside)).toBe(true);
    const mcp = await mcpStart();
    expect(mcp.code).toBe(0);
    expect(existsSync(upstreamMarker)).toBe(true);

    for (const marker of [hookMarker, upstreamMarker, outside]) rmSync(marker);
    // One more byte: the file is not the one the user trusted.
    writeWideConfig(' ');
    await expectUntrusted();
    const listed = await toolcall(['trust', '--list']);
    expect(listed.stdout).toMatch(new RegExp(`^${configFile.replace(/[.]/g, '\\.')}\\tchanged\\t`));
  });

  it('keeps deny and ask rules and a stricter mode of an untrusted file, silently', async () => {
    writeFileSync(
      configFile,
      JSON.stringify({ permissions: { deny: ['Bash(touch*)'], mode: 'ask' }, sandbox: 'required' }),
    );
    const call = await toolcall([
      'call',
      'Bash',
      `command=touch '${outside}'`,
      'description=x',
      '--yes',
    ]);
    expect(call.code).toBe(3);
    expect(call.stderr).not.toContain('not trusted');
    expect(existsSync(outside)).toBe(false);
  });

  it('revokes trust, and refuses to trust a file that is not a valid config', async () => {
    expect((await toolcall(['trust'])).code).toBe(0);
    expect(await toolcall(['trust', '--revoke'])).toMatchObject({
      code: 0,
      stdout: `revoked ${configFile}\n`,
    });
    await expectUntrusted();
    writeFileSync(configFile, '{"permissions":{"mode":"yolo"}}');
    const invalid = await toolcall(['trust']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain(`${configFile}: at $.permissions.mode:`);
    rmSync(configFile);
    expect(await toolcall(['trust'])).toMatchObject({
      code: 2,
      stderr: `toolcall trust: no config file at ${configFile}; nothing to trust\n`,
    });
  });

  it('never trusts a copy of a trusted file in another workspace', async () => {
    expect((await toolcall(['trust'])).code).toBe(0);
    const other = join(root, 'other');
    mkdirSync(join(other, '.toolcall'), { recursive: true });
    writeFileSync(join(other, '.toolcall', 'config.json'), readFileSync(configFile));
    const previous = workspace;
    workspace = other;
    try {
      // A copy of trusted content in another workspace is not trusted either: the path counts.
      const call = await bashCall();
      expect(call.code).toBe(3);
      expect(call.stderr).toContain('is not trusted');
    } finally {
      workspace = previous;
    }
  });
});
