import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { path } from './args-dsl.js';
import { validatorFor } from './compile-validator.js';
import { defineTool } from './define-tool.js';
import type { PipelineEvent } from './events.js';
import type { HookRegistration } from './hook-types.js';
import { createPipeline } from './pipeline.js';
import { repairInput } from './repair.js';
import { type CallPlan, callPlan, messyInput } from './testing/arbitraries.js';
import type { HandlerReturn } from './tool-types.js';

const repairTool = defineTool({
  name: 'R',
  description: 'Repair target.',
  args: z.object({
    file_path: path(),
    offset: z.number().int().optional(),
    yield_time_ms: z.number().int().min(250).max(30000).optional(),
    flag: z.boolean().optional(),
    names: z.array(z.string()).optional(),
    required_list: z.array(z.string()),
    mode: z.enum(['a', 'b']).optional(),
  }),
  handler: () => 'ok',
});
const keys = Object.keys(repairTool.inputSchema.properties as object);
const validate = validatorFor(repairTool);

const validInput = fc.record(
  {
    file_path: fc
      .string({ maxLength: 6 })
      .filter((value) => !value.includes('://') && !value.includes('](')),
    offset: fc.integer(),
    yield_time_ms: fc.integer({ min: 250, max: 30000 }),
    flag: fc.boolean(),
    names: fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
    required_list: fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
    mode: fc.constantFrom('a', 'b'),
  },
  { requiredKeys: ['file_path', 'required_list'] },
);

describe('repairInput properties', () => {
  test.prop([validInput])('never rewrites valid input', (input) => {
    const before = JSON.stringify(input);
    const result = repairInput({ tool: repairTool, input, validate, enabled: true });
    expect(result.outcome).toBe('valid');
    expect(result.outcome === 'valid' && result.input).toBe(input);
    expect(JSON.stringify(input)).toBe(before);
  });

  test.prop([messyInput(keys)])(
    'commits only candidates that validate; otherwise abandons',
    (input) => {
      const before = JSON.stringify(input);
      const result = repairInput({ tool: repairTool, input, validate, enabled: true });
      if (result.outcome === 'repaired') expect(validate(result.input)).toBeUndefined();
      if (result.outcome === 'valid') expect(validate(input)).toBeUndefined();
      if (result.outcome === 'invalid' || result.outcome === 'abandoned') {
        expect(validate(input)).not.toBeUndefined();
      }
      expect(JSON.stringify(input)).toBe(before);
    },
  );

  test.prop([messyInput(keys)])(
    'an abandoned candidate never reaches the handler',
    async (input) => {
      let ran = 0;
      const tool = {
        ...repairTool,
        handler: () => {
          ran += 1;
          return 'ok';
        },
      };
      const pipeline = createPipeline({ tools: [tool], mode: 'full-auto' });
      const outcome = await pipeline.runTool({ name: 'R', input, toolUseId: 'x' }).outcome;
      const valid = outcome.repair === undefined || outcome.repair.outcome === 'repaired';
      expect(ran).toBe(valid ? 1 : 0);
    },
  );
});

function tickThen(ticks: number, action: () => void): void {
  if (ticks <= 0) {
    action();
    return;
  }
  queueMicrotask(() => tickThen(ticks - 1, action));
}

function handlerFor(plan: CallPlan): () => HandlerReturn | PromiseLike<HandlerReturn> {
  switch (plan.behaviour.kind) {
    case 'sync':
      return () => 'done';
    case 'async':
      return async () => ({ result: 'done', renderData: { n: 1 } });
    case 'throw':
      return () => {
        throw new Error('boom');
      };
    case 'invalid':
      return () => 7 as never;
    case 'error-text':
      return () => 'Error: failed';
    case 'never':
      return () => new Promise<string>(() => {});
  }
}

function hooksFor(plan: CallPlan): HookRegistration[] {
  switch (plan.hook) {
    case 'none':
      return [];
    case 'deny':
      return [
        {
          event: 'PreToolUse',
          run: () => ({ permission_decision: 'deny', permission_reason: 'no' }),
        },
      ];
    case 'rewrite':
      return [{ event: 'PreToolUse', run: async () => ({ updated_input: { n: 2 } }) }];
    case 'throw':
      return [
        {
          event: 'PostToolUse',
          run: () => {
            throw new Error('hook');
          },
        },
      ];
    case 'context':
      return [{ event: 'PostToolUseFailure', run: () => ({ additional_context: 'ctx' }) }];
  }
}

describe('runTool properties', () => {
  test.prop([fc.array(callPlan, { minLength: 1, maxLength: 8 })], { numRuns: 60 })(
    'settles every call exactly once under its tool-use id',
    async (plans) => {
      const settledIds: string[] = [];
      const startedIds: string[] = [];
      const runs = plans.map((plan, index) => {
        const args = z.object({ n: z.number().int().optional() });
        const tools = [
          defineTool({
            name: 'Open',
            description: 'Open.',
            readOnly: true,
            args,
            handler: handlerFor(plan),
          }),
          defineTool({ name: 'Guarded', description: 'Guarded.', args, handler: handlerFor(plan) }),
        ];
        const pipeline = createPipeline({
          tools,
          hooks: hooksFor(plan),
          asker: async () => {
            if (plan.answer === 'throw') throw new Error('prompt closed');
            return plan.answer;
          },
        });
        pipeline.subscribe((event: PipelineEvent) => {
          if (event.type === 'settled') settledIds.push(event.toolUseId);
          if (event.type === 'started') startedIds.push(event.toolUseId);
          throw new Error('observer');
        });
        const input =
          plan.input === 'valid' ? { n: 1 } : plan.input === 'repairable' ? { n: '3' } : { n: 'x' };
        const toolUseId = plan.source === 'ptc' ? `env/${index + 1}` : `call-${index}`;
        const run = pipeline.runTool({
          name: plan.tool,
          input,
          toolUseId,
          source: plan.source,
          ...(plan.source === 'ptc' ? { parentId: 'env' } : {}),
        });
        // A call that can never finish on its own is cancelled, so every run settles.
        const ticks = plan.cancelAfterTicks ?? (plan.behaviour.kind === 'never' ? 3 : undefined);
        if (ticks !== undefined) tickThen(ticks, () => run.cancel());
        return { run, toolUseId };
      });
      const outcomes = await Promise.all(runs.map(({ run }) => run.outcome));
      for (const { run } of runs) run.cancel();
      await new Promise((resolve) => setImmediate(resolve));
      expect(outcomes.map((outcome) => outcome.toolUseId)).toEqual(
        runs.map(({ toolUseId }) => toolUseId),
      );
      expect([...settledIds].sort()).toEqual(runs.map(({ toolUseId }) => toolUseId).sort());
      expect([...startedIds].sort()).toEqual(runs.map(({ toolUseId }) => toolUseId).sort());
      for (const outcome of outcomes) expect(['success', 'error']).toContain(outcome.status);
    },
  );
});
