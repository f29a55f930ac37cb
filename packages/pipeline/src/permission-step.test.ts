import { describe, expect, it } from 'vitest';
import type { PipelineEvent } from './events.js';
import type { PermissionAnswer, PermissionRequest } from './permissions/types.js';
import { createPipeline } from './pipeline.js';
import { bashTool, fetchTool, writeTool } from './testing/tools.js';

describe('permission step', () => {
  it('denies by rule before snapshots and the handler', async () => {
    const reads: string[] = [];
    const pipeline = createPipeline({
      tools: [writeTool],
      rules: [{ tool: 'Write', action: 'deny' }],
      readFile: (path) => {
        reads.push(path);
        return undefined;
      },
    });
    const outcome = await pipeline.runTool({
      name: 'Write',
      input: { file_path: 'a', content: 'x' },
      toolUseId: 'w',
    }).outcome;
    expect([outcome.error?.code, outcome.result, reads]).toEqual([
      'denied',
      'Error: Permission denied: deny rule for Write.',
      [],
    ]);
  });

  it('asks the asker with a copy of the input and honours allow-once', async () => {
    const requests: PermissionRequest[] = [];
    const pipeline = createPipeline({
      tools: [bashTool],
      asker: (request) => {
        requests.push(request);
        return 'allow-once';
      },
    });
    const input = { command: 'ls', description: 'list' };
    const outcome = await pipeline.runTool({ name: 'Bash', input, toolUseId: 'b' }).outcome;
    expect([
      outcome.status,
      requests.length,
      requests[0]?.facts.pattern,
      requests[0]?.input !== input,
    ]).toEqual(['success', 1, 'ls', true]);
    await pipeline.runTool({ name: 'Bash', input, toolUseId: 'b2' }).outcome;
    expect(requests.length).toBe(2);
  });

  it('adds a rule on allow-always so the next call is not asked', async () => {
    let asked = 0;
    const pipeline = createPipeline({
      tools: [bashTool],
      asker: () => {
        asked++;
        return 'allow-always';
      },
    });
    const input = { command: 'ls', description: 'list' };
    await pipeline.runTool({ name: 'Bash', input, toolUseId: 'a' }).outcome;
    const second = await pipeline.runTool({ name: 'Bash', input, toolUseId: 'b' }).outcome;
    expect([second.status, asked, pipeline.rules()]).toEqual([
      'success',
      1,
      [{ tool: 'Bash', pattern: 'ls', action: 'allow' }],
    ]);
  });

  it('denies when the asker says deny or no asker exists', async () => {
    const answers: PermissionAnswer[] = ['deny', { outcome: 'deny', reason: 'not today' }];
    const results: unknown[] = [];
    for (const answer of answers) {
      const pipeline = createPipeline({ tools: [bashTool], asker: () => answer });
      results.push(
        (
          await pipeline.runTool({
            name: 'Bash',
            input: { command: 'x', description: 'd' },
            toolUseId: 'a',
          }).outcome
        ).result,
      );
    }
    const none = createPipeline({ tools: [bashTool] });
    results.push(
      (
        await none.runTool({
          name: 'Bash',
          input: { command: 'x', description: 'd' },
          toolUseId: 'a',
        }).outcome
      ).result,
    );
    expect(results).toEqual([
      'Error: Permission denied: the user declined.',
      'Error: Permission denied: not today.',
      'Error: Permission denied: approval is required (ask mode) and no one can be asked.',
    ]);
  });

  it('records an automatic reviewer approval on the outcome and the handler context', async () => {
    let seen: unknown;
    const events: PipelineEvent[] = [];
    const pipeline = createPipeline({
      tools: [
        {
          ...bashTool,
          handler: (_args: unknown, context: { approvals: unknown }) => {
            seen = context.approvals;
            return 'ok';
          },
        } as never,
      ],
      asker: () => ({ outcome: 'allow-once', source: 'reviewer', reason: 'safe listing' }),
    });
    pipeline.subscribe((event) => events.push(event));
    const outcome = await pipeline.runTool({
      name: 'Bash',
      input: { command: 'ls', description: 'l' },
      toolUseId: 'a',
    }).outcome;
    const approval = { source: 'reviewer', outcome: 'allow-once', reason: 'safe listing' };
    expect([
      outcome.approvals,
      seen,
      events.find((event) => event.type === 'permission-approved'),
    ]).toEqual([
      [approval],
      [approval],
      expect.objectContaining({ type: 'permission-approved', approval }),
    ]);
  });

  it('answers decideNow without prompting', () => {
    let asked = false;
    const pipeline = createPipeline({
      tools: [bashTool],
      rules: [{ tool: 'Bash', pattern: 'git *', action: 'allow' }],
      asker: () => {
        asked = true;
        return 'allow-once';
      },
    });
    expect([
      pipeline.decideNow({ name: 'Bash', input: { command: 'git log', description: 'd' } })
        .decision,
      pipeline.decideNow({ name: 'Bash', input: { command: 'rm x', description: 'd' } }).decision,
      pipeline.decideNow({ name: 'Bash', input: { command: 'rm x' } }),
      asked,
    ]).toEqual(['allow', 'ask', { decision: 'deny', reason: 'the input is invalid' }, false]);
  });
});

describe('permission facts', () => {
  it('refuses a call whose permission extractor throws', async () => {
    const pipeline = createPipeline({ tools: [fetchTool], mode: 'full-auto' });
    const outcome = await pipeline.runTool({
      name: 'Fetch',
      input: { url: 'not a url' },
      toolUseId: 'f',
    }).outcome;
    expect([
      outcome.error?.code,
      outcome.result,
      pipeline.decideNow({ name: 'Fetch', input: { url: 'not a url' } }).decision,
    ]).toEqual([
      'denied',
      'Error: Permission denied: the permission facts could not be determined (Invalid URL).',
      'deny',
    ]);
  });
});

describe('remembered answers', () => {
  it('reports allow-always and allow-session rules with their scope and remembers deny-session', async () => {
    const added: unknown[] = [];
    const answers: PermissionAnswer[] = ['allow-always', 'allow-session', 'deny-session'];
    const results: unknown[] = [];
    for (const answer of answers) {
      let asked = 0;
      const pipeline = createPipeline({
        tools: [bashTool],
        asker: () => {
          asked++;
          return answer;
        },
        onRuleAdded: (rule, scope) => added.push([rule, scope]),
      });
      const input = { command: `cmd-${answer}`, description: 'd' };
      const first = await pipeline.runTool({ name: 'Bash', input, toolUseId: 'a' }).outcome;
      const second = await pipeline.runTool({ name: 'Bash', input, toolUseId: 'b' }).outcome;
      results.push([first.status, second.status, asked]);
    }
    expect(results).toEqual([
      ['success', 'success', 1],
      ['success', 'success', 1],
      ['error', 'error', 1],
    ]);
    expect(added).toEqual([
      [{ tool: 'Bash', pattern: 'cmd-allow-always', action: 'allow' }, 'always'],
      [{ tool: 'Bash', pattern: 'cmd-allow-session', action: 'allow' }, 'session'],
      [{ tool: 'Bash', pattern: 'cmd-deny-session', action: 'deny' }, 'session'],
    ]);
  });
});
