import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { createPipeline } from '../pipeline.js';
import { opaque, readOnly, segment } from '../testing/segments.js';
import { shellTool } from '../testing/tools.js';
import type { CommandSegment, PermissionRequest, PermissionRule } from './types.js';

/** A shell tool whose analyzer answers only when the test releases it. */
function slowShell() {
  const pending: ((segments: readonly CommandSegment[]) => void)[] = [];
  const tool = defineTool({
    name: 'Slow',
    description: 'Runs a command once its analysis arrives.',
    args: z.object({ command: z.string() }),
    permission: {
      pattern: (args) => args.command,
      commands: () => new Promise<readonly CommandSegment[]>((resolve) => pending.push(resolve)),
      shell: true,
    },
    handler: (args) => `ran ${args.command}`,
  });
  return { tool, pending };
}

const victim = segment('rm -f victim');

describe('command segments through createPipeline', () => {
  it('asks with the deciding segment and remembers one rule per segment on allow-always', async () => {
    const requests: PermissionRequest[] = [];
    const added: PermissionRule[] = [];
    const pipeline = createPipeline({
      tools: [shellTool],
      rules: [{ tool: 'Bash', pattern: 'git log*', action: 'allow' }],
      asker: (request) => {
        requests.push(request);
        return 'allow-always';
      },
      onRuleAdded: (rule) => added.push(rule),
    });
    const segments = [segment('git log'), readOnly('head'), victim];
    const input = { command: 'git log | head; rm -f victim', segments };
    const first = await pipeline.runTool({ name: 'Shell', input, toolUseId: 's1' }).outcome;
    expect([first.status, requests.length, requests[0]?.segment, requests[0]?.reason]).toEqual([
      'success',
      1,
      victim,
      'segment `rm -f victim` is not allowed by any rule (ask mode)',
    ]);
    expect(added).toEqual([
      { tool: 'Shell', pattern: 'git log', action: 'allow' },
      { tool: 'Shell', pattern: 'rm -f victim', action: 'allow' },
    ]);
    // The remembered rules admit the same segments in another compound, and nothing more.
    const again = await pipeline.runTool({
      name: 'Shell',
      input: { command: 'rm -f victim && git log', segments: [victim, segment('git log')] },
      toolUseId: 's2',
    }).outcome;
    const other = await pipeline.runTool({
      name: 'Shell',
      input: { command: 'rm -f victim; rm -f other', segments: [victim, segment('rm -f other')] },
      toolUseId: 's3',
    }).outcome;
    expect([again.status, other.status, requests.length, requests[1]?.segment?.text]).toEqual([
      'success',
      'success',
      2,
      'rm -f other',
    ]);
  });

  it('waits for an analysis that is still loading, and denies by its segments', async () => {
    const { tool, pending } = slowShell();
    const pipeline = createPipeline({
      tools: [tool],
      rules: [{ tool: 'Bash', pattern: 'rm*', action: 'deny' }],
      mode: 'full-auto',
    });
    const run = pipeline.runTool({ name: 'Slow', input: { command: 'x' }, toolUseId: 'w' });
    // The decision now cannot wait: an analysis still loading is a segment no rule can judge.
    expect(pipeline.decideNow({ name: 'Slow', input: { command: 'x' } })).toMatchObject({
      decision: 'ask',
      reason: 'segment `x` cannot be judged by rules: the command analysis is still loading',
    });
    await expect.poll(() => pending.length).toBe(2);
    pending[0]!([segment('true'), segment('rm -rf /', { via: ['bash -c'] })]);
    const outcome = await run.outcome;
    expect([outcome.error?.code, outcome.result]).toEqual([
      'denied',
      'Error: Permission denied: deny rule for Bash pattern rm* (segment `rm -rf /`).',
    ]);
  });

  it('refuses a call whose analysis fails, naming the failure', async () => {
    const tool = defineTool({
      name: 'Broken',
      description: 'A shell tool whose analyzer fails.',
      args: z.object({ command: z.string() }),
      permission: { commands: () => Promise.reject(new Error('parser unavailable')), shell: true },
      handler: () => 'ran',
    });
    const pipeline = createPipeline({ tools: [tool], mode: 'full-auto' });
    const outcome = await pipeline.runTool({
      name: 'Broken',
      input: { command: 'ls' },
      toolUseId: 'b',
    }).outcome;
    expect(outcome.result).toBe(
      'Error: Permission denied: the permission facts could not be determined (parser unavailable).',
    );
  });

  it('asks in full-auto for an opaque segment when a Bash deny rule exists', async () => {
    const pipeline = createPipeline({
      tools: [shellTool],
      rules: [{ tool: 'Bash', pattern: 'rm*', action: 'deny' }],
      mode: 'full-auto',
    });
    const outcome = await pipeline.runTool({
      name: 'Shell',
      input: { command: '$c x', segments: [opaque('$c x')] },
      toolUseId: 'o',
    }).outcome;
    expect(outcome.result).toBe(
      'Error: Permission denied: approval is required (segment `$c x` cannot be judged by rules: a variable as the command name) and no one can be asked.',
    );
  });

  it('rejects a non-boolean shell flag when the tool is defined', () => {
    expect(() =>
      defineTool({
        name: 'Bad',
        description: 'x',
        args: z.object({}),
        permission: { shell: 'yes' as unknown as boolean },
        handler: () => 'x',
      }),
    ).toThrow('`permission.shell` must be a boolean, received string');
  });
});
