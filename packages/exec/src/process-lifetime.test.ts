import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testManager } from './testing/fixtures.js';
import { killMarked, liveMarked, until } from './testing/marked-processes.js';

const owner = '/root';

const markers: string[] = [];
afterEach(() => {
  killMarked(markers);
});

function newMarker(): string {
  const marker = `LIFETIME_${randomBytes(6).toString('hex')}`;
  markers.push(marker);
  return marker;
}

// Ways a command detaches work from its shell; `&` hides in a script, past the Bash check.
const ESCAPES = [
  'setsid sleep 300 &',
  '(sleep 301 &)',
  'nohup sleep 302 >/dev/null 2>&1 &',
  'setsid -f sleep 303',
].join('\n');

function escapeScript(workspace: string): string {
  writeFileSync(join(workspace, 'escape.sh'), `${ESCAPES}\n`);
  return 'sh ./escape.sh';
}

describe.each(['off', 'required'] as const)('process lifetime with sandbox %s', (sandbox) => {
  it('stops setsid and double-forked processes with StopExecution', async () => {
    const marker = newMarker();
    const manager = testManager({ sandbox });
    const command = `export ${marker}=1; ${escapeScript(manager.workspaceRoot)}; sleep 304`;
    const started = await manager.runBash({ owner, command, yieldTimeMs: 250 });
    if (!started.success) throw started.error;
    const executionId = started.value.facts.executionId;
    expect(await until(() => liveMarked(marker).length >= 5)).toBe(true);
    const stopped = await manager.stopExecution({ owner, executionId });
    expect(stopped.success).toBe(true);
    expect(await until(() => liveMarked(marker).length === 0)).toBe(true);
  });

  it('stops what a finished command left running', async () => {
    const marker = newMarker();
    const manager = testManager({ sandbox });
    const command = `export ${marker}=1; ${escapeScript(manager.workspaceRoot)}; echo done`;
    const result = await manager.runBash({ owner, command, yieldTimeMs: 30_000 });
    if (!result.success) throw result.error;
    expect(result.value.output).toBe('done\n');
    expect(await until(() => liveMarked(marker).length === 0)).toBe(true);
  });
});
