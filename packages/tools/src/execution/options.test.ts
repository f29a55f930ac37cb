import { describe, expect, it } from 'vitest';
import { createExecutionTools } from './create-execution-tools.js';
import { createHarness } from './testing/harness.js';

describe('createExecutionTools', () => {
  it('returns the five tools in order, the escalation hook and the renderers', () => {
    const { execution } = createHarness();
    expect([
      execution.tools.map((tool) => [tool.name, tool.readOnly, tool.async, tool.maxResultSize]),
      execution.hooks.map((hook) => [hook.event, hook.matcher]),
      Object.keys(execution.renderers),
    ]).toEqual([
      [
        ['Bash', false, true, 30_000],
        ['WriteStdin', false, true, 30_000],
        ['ListExecutions', true, false, undefined],
        ['StopExecution', false, true, 30_000],
        ['Monitor', false, true, undefined],
      ],
      [
        ['PreToolUse', 'Bash|Monitor'],
        ['PreToolUse', 'WriteStdin|StopExecution'],
      ],
      ['Bash', 'WriteStdin', 'ListExecutions', 'StopExecution', 'Monitor'],
    ]);
  });

  it('throws a TypeError naming the option when it is malformed', () => {
    const { manager } = createHarness();
    const attempts = [
      () => createExecutionTools({ manager: {} as never }),
      () => createExecutionTools({ manager, ownerOf: 'root' as never }),
      () => createExecutionTools({ manager, owner: '' }),
      () => createExecutionTools({ manager, artifacts: {} as never }),
    ];
    expect(
      attempts.map((attempt) => {
        try {
          attempt();
          return 'no error';
        } catch (error) {
          return `${(error as Error).name}: ${(error as Error).message}`;
        }
      }),
    ).toEqual([
      'TypeError: createExecutionTools: manager must be an ExecManager (createExecManager)',
      'TypeError: createExecutionTools: ownerOf must be a function, received string',
      'TypeError: createExecutionTools: owner must be a non-empty string, received ',
      'TypeError: createExecutionTools: artifacts must be an ArtifactStore with put()',
    ]);
  });
});
