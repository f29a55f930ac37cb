import { describe, expect, it } from 'vitest';
import type { HookInput, HookRegistration } from './hook-types.js';
import { createPipeline } from './pipeline.js';
import { bashTool, readTool } from './testing/tools.js';

const read = (hooks: HookRegistration[], input: unknown = { file_path: 'a' }, extra = {}) =>
  createPipeline({ tools: [readTool, bashTool], hooks, ...extra }).runTool({
    name: 'Read',
    input,
    toolUseId: 'h',
  }).outcome;

describe('PreToolUse hooks', () => {
  it('receive the snake_case input and can add context', async () => {
    const inputs: HookInput[] = [];
    const outcome = await read(
      [
        {
          event: 'PreToolUse',
          matcher: 'Read|Grep',
          run: (input) => {
            inputs.push(input);
            return { additional_context: 'Remember the style guide.' };
          },
        },
      ],
      { file_path: 'a' },
      { hookSession: { session_id: 's1', cwd: '/w' } },
    );
    expect([outcome.status, outcome.context, inputs]).toEqual([
      'success',
      ['Remember the style guide.'],
      [
        {
          session_id: 's1',
          cwd: '/w',
          hook_event_name: 'PreToolUse',
          origin: 'model',
          source: 'direct',
          tool_name: 'Read',
          tool_use_id: 'h',
          tool_input: { file_path: 'a', mode: 'text' },
        },
      ],
    ]);
  });

  it('deny and stop end the call before the handler', async () => {
    const denied = await read([
      {
        event: 'PreToolUse',
        run: () => ({ permission_decision: 'deny', permission_reason: 'no reads' }),
      },
    ]);
    const stopped = await read([
      { event: 'PreToolUse', run: () => ({ continue: false, stop_reason: 'halt' }) },
    ]);
    expect([denied.result, stopped.result, denied.rawResult]).toEqual([
      'Error: PreToolUse hook denied the call: no reads.',
      'Error: PreToolUse hook stopped the call: halt.',
      undefined,
    ]);
  });

  it('validates a rewrite again and never repairs it', async () => {
    const rewritten = await read([
      { event: 'PreToolUse', run: () => ({ updated_input: { file_path: 'b' } }) },
    ]);
    const invalid = await read([
      { event: 'PreToolUse', run: () => ({ updated_input: { file_path: 'b', offset: null } }) },
    ]);
    expect([rewritten.result, invalid.error?.code, invalid.repair]).toEqual([
      'read {"file_path":"b","mode":"text"}',
      'invalid-arguments',
      undefined,
    ]);
  });

  it('an allow skips a prompt as a recorded automatic approval but never beats a deny rule', async () => {
    const allow: HookRegistration = {
      event: 'PreToolUse',
      run: () => ({ permission_decision: 'allow', permission_reason: 'trusted' }),
    };
    const pipeline = createPipeline({ tools: [bashTool], hooks: [allow] });
    const allowed = await pipeline.runTool({
      name: 'Bash',
      input: { command: 'ls', description: 'l' },
      toolUseId: 'a',
    }).outcome;
    const denying = createPipeline({
      tools: [bashTool],
      hooks: [allow],
      rules: [{ tool: 'Bash', action: 'deny' }],
    });
    const denied = await denying.runTool({
      name: 'Bash',
      input: { command: 'ls', description: 'l' },
      toolUseId: 'b',
    }).outcome;
    expect([allowed.status, allowed.approvals, denied.error?.code]).toEqual([
      'success',
      [{ source: 'hook', outcome: 'allow-once', reason: 'trusted' }],
      'denied',
    ]);
  });

  it('a throwing hook is a tool failure, not a crash', async () => {
    const outcome = await read([
      {
        event: 'PreToolUse',
        name: 'audit',
        run: () => {
          throw new Error('hook crashed');
        },
      },
    ]);
    expect([outcome.error?.code, outcome.result]).toEqual([
      'hook-failed',
      'Error: PreToolUse hook audit failed: hook crashed',
    ]);
  });

  it('rejects the reserved suppress_output field and non-object decisions', async () => {
    const outcome = await read([
      { event: 'PreToolUse', run: () => ({ suppress_output: true }) as never },
    ]);
    const text = await read([{ event: 'PreToolUse', name: 'h', run: () => 'allow' as never }]);
    expect([outcome.result, text.result]).toEqual([
      'Error: PreToolUse hook #1 returned an invalid decision (suppress_output is reserved).',
      'Error: PreToolUse hook h returned an invalid decision.',
    ]);
  });
});

describe('PostToolUse hooks', () => {
  it('see raw and visible results and may replace the result', async () => {
    const inputs: HookInput[] = [];
    const outcome = await read([
      {
        event: 'PostToolUse',
        run: (input) => {
          inputs.push(input);
          return { updated_result: 'replaced', additional_context: 'ctx' };
        },
      },
    ]);
    expect([outcome.result, outcome.rawResult, outcome.context, inputs[0]?.raw_result]).toEqual([
      'replaced',
      'read {"file_path":"a","mode":"text"}',
      ['ctx'],
      'read {"file_path":"a","mode":"text"}',
    ]);
  });

  it('may block the result while its effects stand', async () => {
    const outcome = await read([
      { event: 'PostToolUse', run: () => ({ continue: false, stop_reason: 'leaks a secret' }) },
    ]);
    expect([outcome.status, outcome.error?.code, outcome.result, outcome.rawResult]).toEqual([
      'error',
      'hook-blocked',
      'Error: PostToolUse hook blocked the result: leaks a secret.',
      'read {"file_path":"a","mode":"text"}',
    ]);
  });

  it('PostToolUseFailure runs on handler errors only, never on validation failures', async () => {
    const events: string[] = [];
    const hooks: HookRegistration[] = [
      { event: 'PostToolUse', run: (input) => void events.push(input.hook_event_name) },
      {
        event: 'PostToolUseFailure',
        run: (input) => {
          events.push(`${input.hook_event_name}:${input.error}`);
          return { additional_context: 'try a smaller file' };
        },
      },
    ];
    const failing = { ...readTool, handler: () => 'Error: too big' };
    const pipeline = createPipeline({ tools: [failing as never], hooks });
    const outcome = await pipeline.runTool({
      name: 'Read',
      input: { file_path: 'a' },
      toolUseId: 'x',
    }).outcome;
    await pipeline.runTool({ name: 'Read', input: {}, toolUseId: 'y' }).outcome;
    expect([outcome.context, events]).toEqual([
      ['try a smaller file'],
      ['PostToolUseFailure:too big'],
    ]);
  });
});

describe('PreToolUse ask', () => {
  it('forces a prompt even when a rule allows the call', async () => {
    const asked: string[] = [];
    const pipeline = createPipeline({
      tools: [readTool],
      hooks: [{ event: 'PreToolUse', run: () => ({ permission_decision: 'ask' }) }],
      asker: (request) => {
        asked.push(request.toolUseId);
        return 'deny';
      },
    });
    const outcome = await pipeline.runTool({
      name: 'Read',
      input: { file_path: 'a' },
      toolUseId: 'q',
    }).outcome;
    expect([outcome.error?.code, asked]).toEqual(['denied', ['q']]);
  });

  it('a cancel while a hook runs settles once and aborts the hook signal', async () => {
    let aborted = false;
    const pipeline = createPipeline({
      tools: [readTool],
      hooks: [
        {
          event: 'PreToolUse',
          run: (_input, { signal }) =>
            new Promise((resolve) => {
              signal.addEventListener('abort', () => {
                aborted = true;
                resolve({ additional_context: 'late' });
              });
            }),
        },
      ],
    });
    const run = pipeline.runTool({ name: 'Read', input: { file_path: 'a' }, toolUseId: 'c' });
    await new Promise((resolve) => setImmediate(resolve));
    run.cancel();
    const outcome = await run.outcome;
    expect([outcome.error?.code, outcome.context, aborted]).toEqual(['cancelled', [], true]);
  });
});
