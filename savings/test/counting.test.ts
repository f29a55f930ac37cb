import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { argumentText, measureArm } from '../src/measure/metrics.js';
import { CANONICAL_ORIGIN, CANONICAL_WORKSPACE, canonicalText } from '../src/measure/normalize.js';
import { CLAUDE, O200K, type Tokenizer } from '../src/measure/tokenizers.js';
import { replaceSection, SECTION_END, SECTION_START } from '../src/report/readme.js';
import { median, summarize } from '../src/report/summary.js';
import type { CallRecord } from '../src/run/harness.js';
import type { PlanRun } from '../src/run/run-plan.js';

// A tokenizer that counts characters, so expected totals can be written by hand.
const CHARS: Tokenizer = { id: 'o200k', label: 'characters', count: (text) => text.length };

function record(tool: string, input: Record<string, unknown>, text: string): CallRecord {
  return { tool, input, text, isError: false, nested: 0, durationMs: 1 };
}

describe('tokenizers', () => {
  it('count known strings with o200k_base', () => {
    expect(O200K.count('')).toBe(0);
    expect(O200K.count('hello world')).toBe(2);
    expect(O200K.count('The quick brown fox jumps over the lazy dog.')).toBe(10);
  });

  it('count known strings with the published Claude tokenizer', () => {
    expect(CLAUDE.count('hello world')).toBe(2);
    expect(CLAUDE.count('The quick brown fox jumps over the lazy dog.')).toBe(10);
    expect(CLAUDE.count('(Grep :pattern "TODO")')).toBe(8);
  });

  it('counts special-token text as plain text instead of throwing', () => {
    expect(O200K.count('<|endoftext|>')).toBeGreaterThan(0);
  });
});

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

describe('canonicalText', () => {
  it('spells the workspace and the origin the same for every run', () => {
    expect(
      canonicalText('/tmp/a1/acme/x.ts http://127.0.0.1:4321/about.html', {
        workspace: '/tmp/a1/acme',
        origin: 'http://127.0.0.1:4321',
      }),
    ).toBe(`${CANONICAL_WORKSPACE}/x.ts ${CANONICAL_ORIGIN}/about.html`);
  });
});

describe('median and summarize', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('reports the median share and the tasks where ToolCall costs more', () => {
    const arm = (visible: number, turns: number) => ({
      turns,
      calls: turns,
      nestedCalls: 0,
      toolWallMs: 1,
      tokens: { o200k: { arguments: 0, results: visible, visible, input: visible * 2 } },
    });
    const summary = summarize(
      [
        {
          id: 'a',
          prompt: '',
          answersMatch: true,
          answer: 1,
          direct: arm(100, 2),
          toolcall: arm(20, 1),
        },
        {
          id: 'b',
          prompt: '',
          answersMatch: true,
          answer: 1,
          direct: arm(100, 1),
          toolcall: arm(50, 1),
        },
        {
          id: 'c',
          prompt: '',
          answersMatch: false,
          answer: 1,
          direct: arm(100, 1),
          toolcall: arm(120, 1),
        },
      ],
      ['o200k'],
    );
    expect(summary).toEqual({
      tasks: 3,
      answersMatch: 2,
      medianVisibleRatio: { o200k: 0.5 },
      medianInputRatio: { o200k: 0.5 },
      medianWrittenRatio: { o200k: 0 },
      medianReadRatio: { o200k: 0.5 },
      totalVisible: { o200k: { direct: 300, toolcall: 190 } },
      medianTurns: { direct: 1, toolcall: 1 },
      totalTurns: { direct: 4, toolcall: 3 },
      tasksWhereToolCallCostsMore: ['c'],
    });
  });
});

describe('replaceSection', () => {
  it('replaces only the text between the markers', () => {
    const readme = `# t\n${SECTION_START}\nold\n${SECTION_END}\nafter\n`;
    expect(replaceSection(readme, 'new')).toEqual({
      success: true,
      value: `# t\n${SECTION_START}\nnew\n${SECTION_END}\nafter\n`,
    });
  });

  it('names the missing marker', () => {
    expect(replaceSection('# t\n', 'new')).toEqual({
      success: false,
      error: `README has no line ${SECTION_START}`,
    });
  });
});
