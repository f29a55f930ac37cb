import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killMarked, liveMarked, until } from '../src/testing/marked-processes.js';

// A host that starts one yielded Bash call whose script detaches work every way it can, prints
// `ready`, then either exits on its own (once told on stdin) or waits for a signal. Its handlers
// stop every managed process before exiting, as a CLI or server must.
const HOST = `
const [entry, workspace, sandbox, ending, command, limit] = process.argv.slice(1);
const { createExecManager, killAllManagedProcesses } = require(entry);
for (const [signal, code] of [['SIGTERM', 143], ['SIGHUP', 129], ['SIGINT', 130]]) {
  process.on(signal, () => {
    killAllManagedProcesses();
    process.exit(code);
  });
}
const manager = createExecManager({
  workspaceRoot: workspace,
  sandbox,
  hostEnvironment: { ...process.env, HOME: workspace },
  ...(limit === 'none' ? { processLimit: false } : {}),
});
manager.runBash({ owner: '/root', command, yieldTimeMs: 250 }).then(() => {
  process.stdout.write('ready\\n');
  if (ending === 'exit') process.stdin.once('data', () => process.exit(0));
  else setInterval(() => undefined, 1000);
});
`;

const ESCAPES = [
  'setsid sleep 300 &',
  '(sleep 301 &)',
  'nohup sleep 302 >/dev/null 2>&1 &',
  'setsid -f sleep 303',
].join('\n');

const markers: string[] = [];
const directories: string[] = [];
afterEach(() => {
  killMarked(markers);
  for (const directory of directories.splice(0)) {
    rmSync(directory, { recursive: true, force: true });
  }
});

async function runHost(
  sandbox: string,
  ending: string,
  { command = 'sh ./escape.sh; sleep 304', limit = 'default', expected = 7 } = {},
): Promise<number[]> {
  const marker = `LIFETIME_HOST_${randomBytes(6).toString('hex')}`;
  markers.push(marker);
  const workspace = mkdtempSync(join(tmpdir(), 'exec-lifetime-'));
  directories.push(workspace);
  writeFileSync(join(workspace, 'escape.sh'), `${ESCAPES}\n`);
  const entry = createRequire(import.meta.url).resolve('@toolcall/exec');
  const argv = ['-e', HOST, entry, workspace, sandbox, ending, command, limit];
  const host = spawn(process.execPath, argv, {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, [marker]: '1' },
  });
  const exited = new Promise((resolve) => host.once('exit', resolve));
  await new Promise<void>((resolve) => host.stdout.once('data', () => resolve()));
  // The host itself carries the marker too: every detached sleep and the shell must be up.
  expect(await until(() => liveMarked(marker).length >= expected)).toBe(true);
  if (ending === 'exit') host.stdin.write('exit\n');
  else host.kill(ending as NodeJS.Signals);
  await exited;
  await until(() => liveMarked(marker).length === 0);
  return liveMarked(marker);
}

describe.each(['off', 'required'])('host end with sandbox %s', (sandbox) => {
  it.each(['exit', 'SIGTERM', 'SIGHUP', 'SIGINT', 'SIGKILL'])(
    'leaves no process of a call alive after %s',
    { timeout: 60_000 },
    async (ending) => {
      expect(await runHost(sandbox, ending)).toEqual([]);
    },
  );
});

describe('host end without a call cgroup', () => {
  it('kills a direct command with its SIGKILLed host through setpriv --pdeathsig', {
    timeout: 60_000,
  }, async () => {
    const options = { command: 'exec sleep 305', limit: 'none', expected: 2 };
    expect(await runHost('off', 'SIGKILL', options)).toEqual([]);
  });
});
