import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// A host process that starts a Bash command and a Monitor, then exits on its own (process.exit)
// once a child carrying the marker exists, after `extraTicks` more turns of the event loop: from
// the moment the pid exists, before the launch has returned, to a settled running execution.
const HOST = `
const fs = require('node:fs');
const [entry, workspace, marker, sandbox, extraTicks] = process.argv.slice(1);
const { createExecManager } = require(entry);
const manager = createExecManager({
  workspaceRoot: workspace,
  sandbox,
  graceMs: 300,
  hostEnvironment: { ...process.env, HOME: workspace },
});
const command = 'echo tick; STOP_EXIT_MARK=' + marker + ' sleep 300';
void manager.runBash({ owner: '/root', command, yieldTimeMs: 30000 });
void manager.startMonitor({ owner: '/root', command, description: 'watcher' });
function read(path) {
  try { return fs.readFileSync(path, 'latin1'); } catch { return ''; }
}
function hasMarkedChild() {
  for (const task of fs.readdirSync('/proc/self/task')) {
    for (const pid of read('/proc/self/task/' + task + '/children').split(' ')) {
      if (pid === '') continue;
      // Bash may exec the marked command at once, leaving the marker only in its environment.
      const text = read('/proc/' + pid + '/cmdline') + read('/proc/' + pid + '/environ');
      if (text.includes(marker)) return true;
    }
  }
  return false;
}
let ticks = Number(extraTicks);
(function poll() {
  if (hasMarkedChild() && ticks-- <= 0) process.exit(0);
  setImmediate(poll);
})();
`;

function readText(path: string): string {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return '';
  }
}

/** Live (non-zombie) processes with `marker` in their command line or environment. */
function liveMarked(marker: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      const stat = readText(`/proc/${name}/stat`);
      const state = stat.charAt(stat.lastIndexOf(')') + 2);
      if (state === '' || state === 'Z' || state === 'X') return false;
      return (
        readText(`/proc/${name}/cmdline`).includes(marker) ||
        readText(`/proc/${name}/environ`).includes(marker)
      );
    })
    .map(Number);
}

/** Waits for KILLed processes to finish dying: true once none is left, false if some stay. */
async function settlesEmpty(marker: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (liveMarked(marker).length === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

const markers: string[] = [];
const directories: string[] = [];
afterEach(() => {
  for (const marker of markers.splice(0)) {
    for (const pid of liveMarked(marker)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

function runHost(sandbox: string, extraTicks: number, marker: string): Promise<number | null> {
  const workspace = mkdtempSync(join(tmpdir(), 'exec-exit-'));
  directories.push(workspace);
  const entry = createRequire(import.meta.url).resolve('@toolcall/exec');
  const host = spawn(
    process.execPath,
    ['-e', HOST, entry, workspace, marker, sandbox, String(extraTicks)],
    { stdio: 'ignore' },
  );
  return new Promise((resolve) => host.once('exit', (code) => resolve(code)));
}

describe.each(['off', 'required'])('process exit with sandbox %s', (sandbox) => {
  // Nine fresh hosts, each loading the Bash grammar: minutes on a loaded machine.
  it('leaves no managed process alive, however far its launch had got', {
    timeout: 300_000,
  }, async () => {
    const survivors: number[] = [];
    for (const extraTicks of [0, 0, 1, 1, 2, 4, 8, 32, 128]) {
      const marker = `STOP_EXIT_${randomBytes(6).toString('hex')}`;
      markers.push(marker);
      expect(await runHost(sandbox, extraTicks, marker)).toBe(0);
      if (!(await settlesEmpty(marker))) survivors.push(extraTicks);
    }
    expect(survivors).toEqual([]);
  });
});
