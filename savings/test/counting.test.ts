import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { argumentText, measureArm } from '../src/measure/metrics.js';
import { CANONICAL_WORKSPACE, canonicalText } from '../src/measure/normalize.js';
import type { Tokenizer } from '../src/measure/tokenizers.js';
import type { CallRecord } from '../src/run/harness.js';
import type { PlanRun } from '../src/run/run-plan.js';

// A tokenizer that counts characters, so expected totals can be written by hand.
const CHARS: Tokenizer = { id: 'o200k', label: 'characters', count: (text) => text.length };

function record(tool: string, input: Record<string, unknown>, text: string): CallRecord {
  return { tool, input, text, isError: false, nested: 0, durationMs: 1 };
}

describe('measureArm', () => {
  const run: PlanRun = {
    turns: [
      {
        calls: [record('Read', { file_path: 'a' }, 'abcd'), record('Glob', { pattern: '*' }, 'xy')],
        wallMs: 5,
      },
      { calls: [record('Bash', { command: 'ls' }, '123456')], wallMs: 7.4 },
    ],
    answer: 'done',
  };

  it('counts arguments, results, turns and what every model call re-reads', () => {
    const metrics = measureArm({
      run,
      prompt: 'pp',
      tokenizers: [CHARS],
      canonical: (text) => text,
    });
    const args = ['Read{"file_path":"a"}', 'Glob{"pattern":"*"}', 'Bash{"command":"ls"}'].map(
      (text) => text.length,
    );
    const [a = 0, b = 0, c = 0] = args;
    expect(metrics).toEqual({
      turns: 2,
      calls: 3,
      nestedCalls: 0,
      toolWallMs: 12,
      tokens: {
        o200k: {
          arguments: a + b + c,
          results: 12,
          visible: a + b + c + 12,
          // Three model calls: before turn 1, before turn 2, and the answering one.
          input: 2 + (2 + a + 4 + b + 2) + (2 + a + 4 + b + 2 + c + 6),
        },
      },
    });
  });

  it('counts the canonical spelling of a run-specific path', () => {
    const long = {
      ...run,
      turns: [{ calls: [record('Read', { file_path: '/tmp/x-123456/acme/a' }, '')], wallMs: 1 }],
    };
    const metrics = measureArm({
      run: long,
      prompt: '',
      tokenizers: [CHARS],
      canonical: (text) =>
        canonicalText(text, { workspace: '/tmp/x-123456/acme', origin: 'http://127.0.0.1:1' }),
    });
    expect(metrics.tokens.o200k?.arguments).toBe(
      argumentText({ tool: 'Read', input: { file_path: `${CANONICAL_WORKSPACE}/a` } }).length,
    );
  });

  test.prop([
    fc.array(fc.array(fc.tuple(fc.string(), fc.string()), { minLength: 1, maxLength: 4 }), {
      maxLength: 5,
    }),
    fc.string(),
  ])(
    'visible is arguments plus results, and re-read input never counts less than that',
    (turns, prompt) => {
      const planRun: PlanRun = {
        turns: turns.map((calls) => ({
          calls: calls.map(([input, text]) => record('Grep', { pattern: input }, text)),
          wallMs: 1,
        })),
        answer: null,
      };
      const counts = measureArm({
        run: planRun,
        prompt,
        tokenizers: [CHARS],
        canonical: (text) => text,
      }).tokens.o200k;
      expect(counts?.visible).toBe((counts?.arguments ?? 0) + (counts?.results ?? 0));
      expect(counts?.input ?? 0).toBeGreaterThanOrEqual((counts?.visible ?? 0) + prompt.length);
    },
  );
});
