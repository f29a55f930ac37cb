import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROCESS_LIMIT, ProcessCgroups } from './process-cgroup.js';
import { testManager } from './testing/fixtures.js';
import { killMarked, liveMarked, until } from './testing/marked-processes.js';

const owner = '/root';

const markers: string[] = [];
afterEach(() => {
  killMarked(markers);
});

// This host is root with a writable pids cgroup; elsewhere the bound is documented as absent.
describe.runIf(ProcessCgroups.shared() !== null).each(['off', 'required'] as const)(
  'process count per call with sandbox %s',
  (sandbox) => {
    it('bounds a loop starting 400 sleeps at the default limit, and a stop reaps them all', {
      timeout: 60_000,
    }, async () => {
      const marker = `PROCESS_LIMIT_${randomBytes(6).toString('hex')}`;
      markers.push(marker);
      const manager = testManager({ sandbox });
      // In a script: Bash refuses a bare `&`.
      writeFileSync(
        join(manager.workspaceRoot, 'bomb.sh'),
        'for i in $(seq 400); do sleep 30 & done 2>/dev/null\nwait\n',
      );
      const started = await manager.runBash({
        owner,
        command: `export ${marker}=1; bash ./bomb.sh`,
        yieldTimeMs: 250,
      });
      if (!started.success) throw started.error;
      // Forks fail (and bash retries them) once the call holds the limit.
      expect(await until(() => liveMarked(marker).length >= PROCESS_LIMIT - 8, 500)).toBe(true);
      // Bash keeps retrying the failed forks meanwhile; none may get past the bound.
      const samples = Array.from({ length: 10 }, () => liveMarked(marker).length);
      expect(Math.max(...samples)).toBeLessThanOrEqual(PROCESS_LIMIT);
      const { executionId } = started.value.facts;
      expect((await manager.stopExecution({ owner, executionId })).success).toBe(true);
      expect(await until(() => liveMarked(marker).length === 0, 500)).toBe(true);
    });
  },
);

describe.runIf(ProcessCgroups.shared() !== null)('a small process limit', () => {
  it('counts the call alone, not the host that spawned it', async () => {
    const manager = testManager({ processLimit: 5 });
    writeFileSync(
      join(manager.workspaceRoot, 'forks.py'),
      [
        'import os, time',
        'count = 0',
        'for _ in range(20):',
        '    try:',
        '        pid = os.fork()',
        '    except OSError:',
        '        break',
        '    if pid == 0:',
        '        time.sleep(30)',
        '        os._exit(0)',
        '    count += 1',
        'print(count)',
      ].join('\n'),
    );
    const result = await manager.runBash({
      owner,
      command: '/usr/bin/python3 forks.py',
      yieldTimeMs: 30_000,
    });
    if (!result.success) throw result.error;
    const forks = Number(result.value.output.trim());
    expect(forks).toBeGreaterThan(0);
    expect(forks).toBeLessThan(5);
  });
});
