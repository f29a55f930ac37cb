import type { ExecutionFacts, SandboxSummary } from '@toolcall/exec';
import { describe, expect, it } from 'vitest';
import { CONFINED_FAILURE_GUIDANCE, formatSandboxLine } from './sandbox-line.js';

const summary: SandboxSummary = {
  mode: 'best-effort',
  boundary: 'bubblewrap',
  filesystem: 'workspace-write',
  network: 'none',
  attempts: 1,
  starts: 1,
  refusals: 0,
  additionalReadMounts: 0,
  additionalWriteMounts: 0,
  protectedMasked: 3,
};

const facts = (outcome: ExecutionFacts['outcome']): ExecutionFacts => ({
  executionId: 'e',
  command: 'x',
  state: 'completed',
  termination: 'exited',
  exitCode: outcome === 'success' ? 0 : 1,
  outcome,
  wallTimeMs: 1,
  outputBytes: 0,
  outputLines: 0,
  tty: false,
  timedOut: false,
  outputLimited: false,
  forcedKill: false,
});

describe('formatSandboxLine', () => {
  it('returns nothing for a default confined success or a host that turned confinement off', () => {
    expect([
      formatSandboxLine(summary, facts('success')),
      formatSandboxLine(
        {
          ...summary,
          mode: 'off',
          boundary: 'direct',
          directReason: 'disabled',
          filesystem: 'unrestricted',
          network: 'unrestricted',
        },
        facts('failure'),
      ),
    ]).toEqual([undefined, undefined]);
  });

  it('returns the disclosure for a best-effort run without Bubblewrap, grants and failed confined runs', () => {
    expect([
      formatSandboxLine(
        {
          ...summary,
          boundary: 'direct',
          directReason: 'unavailable',
          filesystem: 'unrestricted',
          network: 'unrestricted',
        },
        facts('success'),
      ),
      formatSandboxLine(
        { ...summary, network: 'granted', additionalReadMounts: 2 },
        facts('success'),
      ),
      formatSandboxLine(summary, facts('failure')),
    ]).toEqual([
      '[sandbox: none; filesystem: unrestricted; network: unrestricted; reason: sandbox unavailable]',
      '[sandbox: bubblewrap; filesystem: workspace-write; network: granted; additional filesystem: 2 read, 0 write]',
      `[sandbox: bubblewrap; filesystem: workspace-write; network: none]\n${CONFINED_FAILURE_GUIDANCE}`,
    ]);
  });
});
