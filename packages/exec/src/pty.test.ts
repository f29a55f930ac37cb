import { describe, expect, it } from 'vitest';
import type { ExecManager } from './manager.js';
import { testManager } from './testing/fixtures.js';
import type { ExecutionObservation } from './types.js';

const owner = '/root';

async function startPty(manager: ExecManager, command: string): Promise<ExecutionObservation> {
  const started = await manager.runBash({ owner, command, tty: true, yieldTimeMs: 250 });
  if (!started.success) throw started.error;
  return started.value;
}

async function send(
  manager: ExecManager,
  executionId: string,
  chars: string,
  yieldTimeMs = 30_000,
): Promise<ExecutionObservation> {
  // Input waits return as soon as the program settles, so a long wait costs nothing when it ends.
  const result = await manager.writeStdin({ owner, executionId, chars, yieldTimeMs });
  if (!result.success) throw result.error;
  return result.value;
}

describe('pseudo-terminal executions', () => {
  it('answers read -p through WriteStdin', async () => {
    const manager = testManager();
    const started = await startPty(manager, 'read -p "Name? " name; echo "hello $name"');
    const answered = await send(manager, started.facts.executionId, 'ada\n');
    const combined = started.output + answered.output;
    expect([
      combined.replace(/(^|\? )ada\r\n/, '$1'),
      answered.facts.exitCode,
      answered.facts.tty,
    ]).toEqual(['Name? hello ada\r\n', 0, true]);
  });

  it('answers read -p through the node-pty fallback backend', async () => {
    const manager = testManager({ ptyBackend: 'node-pty' });
    const started = await startPty(manager, 'read -p "Name? " name; echo "hello $name"');
    const answered = await send(manager, started.facts.executionId, 'ada\n');
    const combined = started.output + answered.output;
    // The terminal may echo the typed line before or after the prompt, depending on timing.
    expect([combined.replace(/(^|\? )ada\r\n/, '$1'), answered.facts.exitCode]).toEqual([
      'Name? hello ada\r\n',
      0,
    ]);
  });

  it('drives an interactive python3 -i session', async () => {
    const manager = testManager();
    const started = await startPty(manager, 'python3 -i -q');
    const id = started.facts.executionId;
    const computed = await send(manager, id, 'print(6 * 7)\n', 1_000);
    const exited = await send(manager, id, 'exit()\n');
    const transcript = started.output + computed.output + exited.output;
    expect([transcript.includes('42\r\n'), exited.facts.termination]).toEqual([true, 'exited']);
  });

  it('interrupts the foreground program with Ctrl-C', async () => {
    const manager = testManager();
    const started = await startPty(manager, 'sleep 300; echo after');
    const interrupted = await send(manager, started.facts.executionId, '\u0003');
    expect([interrupted.facts.state, interrupted.facts.exitCode, interrupted.output]).toEqual([
      'completed',
      130,
      '',
    ]);
  });

  it('loses no output when 1,000 programs print 64 KiB and exit at once', {
    timeout: 90_000,
  }, async () => {
    const manager = testManager();
    const expected = Buffer.alloc(65_536, 'a');
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < 1_000) {
        next += 1;
        const result = await manager.runBash({
          owner,
          command: "head -c 65536 /dev/zero | tr '\\0' a",
          tty: true,
          yieldTimeMs: 30_000,
        });
        if (!result.success) {
          failures.push(result.error.message);
          continue;
        }
        const { facts } = result.value;
        const bytes = await manager.readOutput({ owner, executionId: facts.executionId });
        if (!bytes.success || !bytes.value.equals(expected)) {
          failures.push(`${facts.executionId}: ${facts.outputBytes} bytes`);
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(failures).toEqual([]);
  });
});
