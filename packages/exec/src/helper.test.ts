import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory, testManager } from './testing/fixtures.js';

describe('runHelper', () => {
  it('runs in a private scratch directory that is removed afterwards', async () => {
    const manager = testManager({ sandbox: 'required' });
    const artifacts = temporaryDirectory('exec-artifacts-');
    const run = manager.runHelper({
      argv: ['bash', '-c', `pwd; echo scratch > note.txt; echo saved > ${artifacts}/out.txt`],
      writeDirs: [artifacts],
      timeoutMs: 10_000,
    });
    const result = await run.result;
    if (!result.success) throw result.error;
    const scratch = result.value.output.toString('utf8').trim();
    expect({
      termination: result.value.facts.termination,
      exitCode: result.value.facts.exitCode,
      boundary: result.value.sandbox.boundary,
      scratchRemoved: !existsSync(scratch),
      artifact: readFileSync(join(artifacts, 'out.txt'), 'utf8'),
    }).toEqual({
      termination: 'exited',
      exitCode: 0,
      boundary: 'bubblewrap',
      scratchRemoved: true,
      artifact: 'saved\n',
    });
  });

  it('runs a helper binary that lives under the host /tmp the sandbox hides', async () => {
    const manager = testManager({ sandbox: 'required' });
    const tools = temporaryDirectory('exec-helper-bin-');
    const executable = join(tools, 'say');
    writeFileSync(executable, '#!/bin/sh\necho "helper ran in $(pwd)"\n');
    chmodSync(executable, 0o755);
    const result = await manager.runHelper({ argv: [executable], timeoutMs: 10_000 }).result;
    if (!result.success) throw result.error;
    expect({
      exitCode: result.value.facts.exitCode,
      boundary: result.value.sandbox.boundary,
      output: result.value.output.toString('utf8').startsWith('helper ran in /'),
    }).toEqual({ exitCode: 0, boundary: 'bubblewrap', output: true });
  });

  it('reports a non-zero exit as a fact, not a failure', async () => {
    const manager = testManager();
    const result = await manager.runHelper({ argv: ['bash', '-c', 'echo no; exit 1'] }).result;
    expect(result.success && [result.value.output.toString(), result.value.facts.exitCode]).toEqual(
      ['no\n', 1],
    );
  });

  it('stops at its timeout with the timed-out fact', async () => {
    const manager = testManager();
    const result = await manager.runHelper({ argv: ['sleep', '300'], timeoutMs: 100 }).result;
    expect(result.success && result.value.facts).toMatchObject({
      termination: 'timed-out',
      timedOut: true,
      outcome: 'failure',
    });
  });

  it('cancels idempotently', async () => {
    const manager = testManager();
    const run = manager.runHelper({ argv: ['sleep', '300'] });
    run.cancel();
    run.cancel();
    const result = await run.result;
    expect(result.success ? result.value.facts.termination : result.error.code).toMatch(
      /^(stopped|refused)$/,
    );
    run.cancel();
    expect(manager.liveCount).toBe(0);
  });

  it('streams stdout to onStdout so a caller can stop once it has read enough', async () => {
    const manager = testManager({ sandbox: 'required' });
    let seen = '';
    const run = manager.runHelper({
      argv: ['bash', '-c', 'echo first; echo oops >&2; sleep 0.2; echo second; sleep 300'],
      timeoutMs: 30_000,
      onStdout: (chunk) => {
        seen += chunk.toString('utf8');
        if (seen.includes('second')) run.cancel();
      },
    });
    const result = await run.result;
    if (!result.success) throw result.error;
    expect({
      seen,
      termination: result.value.facts.termination,
      output: result.value.output.toString('utf8').split('\n').sort(),
    }).toEqual({
      seen: 'first\nsecond\n',
      termination: 'stopped',
      output: ['', 'first', 'oops', 'second'],
    });
  });

  it('returns spawn-failed for a missing executable', async () => {
    const manager = testManager();
    const result = await manager.runHelper({ argv: ['definitely-not-a-command-xyz'] }).result;
    expect(result.success ? undefined : result.error.code).toBe('spawn-failed');
  });
});
