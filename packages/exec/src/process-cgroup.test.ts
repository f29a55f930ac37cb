import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProcessCgroups } from './process-cgroup.js';

const read = (path: string) => readFileSync(path, 'utf8').trim();

// A process that joins `procsFile` and exits while its parent, outside the cgroup, does not
// reap it: the cgroup is left empty but still charged, as a sandbox's init leaves one.
function leaveUnreapedChild(procsFile: string) {
  const parent = spawn(
    'python3',
    [
      '-c',
      `import os, sys, time
pid = os.fork()
if pid == 0:
    open(sys.argv[1], 'w').write(str(os.getpid()))
    os._exit(0)
print(pid, flush=True)
time.sleep(60)`,
      procsFile,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const child = new Promise<number>((resolve) =>
    parent.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
  );
  return { parent, child };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.runIf(ProcessCgroups.shared() !== null)('call cgroups', () => {
  it('never hand a call a cgroup still charged with an unreaped process, nor a raised bound', async () => {
    const cgroups = ProcessCgroups.shared() as ProcessCgroups;
    const first = cgroups.open(3);
    if (first === undefined) throw new Error('no call cgroup');
    const { parent, child } = leaveUnreapedChild(first.procsFile);
    try {
      const pid = await child;
      await until(() => read(`/proc/${pid}/stat`).split(') ')[1]?.startsWith('Z') === true);
      expect(read(first.procsFile)).toBe('');
      expect(read(join(first.directory, 'pids.current'))).toBe('1');
      cgroups.release(first);
      // Reusing it with its bound raised by the charge would let the call start 4 processes
      // once the charge went; a clean cgroup is given, bound to exactly 3.
      const second = cgroups.open(3);
      if (second === undefined) throw new Error('no call cgroup');
      expect(second.directory).not.toBe(first.directory);
      expect(read(join(second.directory, 'pids.max'))).toBe('3');
      cgroups.release(second);
    } finally {
      parent.kill('SIGKILL');
    }
    // Once the charge is gone the first is clean and may serve again, at the bound asked.
    await until(() => read(join(first.directory, 'pids.current')) === '0');
    const taken = [cgroups.open(5), cgroups.open(5)];
    const again = taken.find((cgroup) => cgroup?.directory === first.directory);
    expect(again === undefined ? undefined : read(join(again.directory, 'pids.max'))).toBe('5');
    for (const cgroup of taken) if (cgroup !== undefined) cgroups.release(cgroup);
  });
});
