import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bin, tempDir } from './helpers.js';
import {
  expectImageKept,
  expectOutputKept,
  LONG_OUTPUT,
  PNG,
  plantImage,
  READ_IMAGE,
} from './session-output.js';

type Message = { id?: number; result?: Record<string, unknown>; error?: { message: string } };

/** `node ENTRY bridge ARGS` in `cwd`, with a function that sends a request and awaits its reply. */
function startBridge(entry: string, cwd: string, args: readonly string[] = []) {
  const child = spawn(process.execPath, [entry, 'bridge', ...args], {
    cwd,
    env: { ...process.env, XDG_CONFIG_HOME: join(cwd, '.xdg') },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const waiting = new Map<number, (message: Message) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Message;
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  let next = 0;
  const request = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Message>((resolve) => {
      next += 1;
      waiting.set(next, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: next, method, params })}\n`);
    });
  return { child, request, stderr: () => stderr, exit: exitOf(child) };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('close', resolve));

const emacsFixture = fileURLToPath(
  new URL('../../emacs/test/fixtures/fs-tools.mjs', import.meta.url),
);

/**
 * A copy of the built command outside the repository, installed as a package manager would:
 * its dist/ beside a node_modules holding only its external dependencies. A bridge found by a
 * path relative to the repository is not there.
 */
function copyOfBuiltCli(): string {
  const root = join(tempDir('toolcall-copied-cli-'), 'node_modules', '@toolcall', 'cli');
  cpSync(dirname(bin), join(root, 'dist'), {
    recursive: true,
    filter: (source) => !source.endsWith('.cache'),
  });
  // The dependencies the bundle leaves external (grammars, ripgrep, the PTY addon).
  const app = dirname(dirname(bin));
  const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies)) {
    const link = join(root, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(realpathSync(join(app, 'node_modules', name)), link);
  }
  return join(root, 'dist', 'cli.js');
}

describe('toolcall bridge', () => {
  it('serves the Emacs bridge protocol on stdio and exits 0 when its input ends', async () => {
    const cwd = tempDir();
    const bridge = startBridge(bin, cwd);
    const { result } = await bridge.request('initialize', { workspace: cwd });
    expect(result).toMatchObject({
      serverInfo: { name: 'toolcall-bridge' },
      tools: expect.arrayContaining(['Read', 'Bash', 'ToolCall']),
    });
    bridge.child.stdin.end();
    expect(await bridge.exit).toBe(0);
  });

  it('runs from a copy of the built command outside the repository, keeping media and artifacts in the session', async () => {
    const cwd = tempDir();
    plantImage(cwd);
    const bridge = startBridge(copyOfBuiltCli(), cwd);
    const init = await bridge.request('initialize', { mode: 'full-auto', sessionId: 's1' });
    expect(init.result).toMatchObject({ session: { id: 's1' }, warnings: [] });
    const read = await bridge.request('tools/call', { name: 'Read', arguments: READ_IMAGE });
    const { result, media } = read.result as {
      result: string;
      media: { id: string; mimeType: string; data: string }[];
    };
    expectImageKept(
      cwd,
      's1',
      result,
      media.map(({ id, mimeType }) => ({ id, mimeType })),
    );
    expect(Buffer.from(media[0]?.data ?? '', 'base64')).toEqual(PNG);
    const bash = await bridge.request('tools/call', { name: 'Bash', arguments: LONG_OUTPUT });
    expectOutputKept(cwd, 's1', String(bash.result?.result));
    bridge.child.stdin.end();
    expect({ code: await bridge.exit, stderr: bridge.stderr() }).toEqual({ code: 0, stderr: '' });
  });

  it('loads the tools of --tools-module, and exits 2 naming a module that exports none', async () => {
    const cwd = tempDir();
    const bridge = startBridge(bin, cwd, ['--tools-module', emacsFixture]);
    const { result } = await bridge.request('initialize', {});
    expect(result?.tools).toEqual(expect.arrayContaining(['Wait', 'Gate']));
    bridge.child.stdin.end();
    expect(await bridge.exit).toBe(0);
    writeFileSync(join(cwd, 'none.mjs'), 'export default 3;\n');
    const bad = startBridge(bin, cwd, ['--tools-module', 'none.mjs']);
    bad.child.stdin.end();
    expect({ code: await bad.exit, stderr: bad.stderr() }).toEqual({
      code: 2,
      stderr: 'toolcall bridge: none.mjs must export an array of tools as default\n',
    });
  });
});
