import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { path, pathOrResource } from './args-dsl.js';
import { validatorFor } from './compile-validator.js';
import { defineTool } from './define-tool.js';
import { formatRepairNote, repairInput } from './repair.js';
import { createRepairLog } from './repair-log.js';

const tool = defineTool({
  name: 'T',
  description: 'Test tool.',
  args: z.object({
    file_path: path(),
    source: pathOrResource().optional(),
    offset: z.number().int().optional(),
    head_limit: z.number().int().optional(),
    yield_time_ms: z.number().int().min(250).max(30000).optional(),
    flag: z.boolean().optional(),
    allowed_domains: z.array(z.string()).optional(),
    blocked_domains: z.array(z.string()).optional(),
    required_list: z.array(z.string()),
  }),
  handler: () => 'x',
});

const repair = (input: unknown, enabled = true) =>
  repairInput({ tool, input, validate: validatorFor(tool), enabled });

const base = { file_path: 'a.ts', required_list: [] };

describe('repairInput', () => {
  it('returns valid input unchanged, as the same object', () => {
    const input = { ...base, offset: 3 };
    const result = repair(input);
    expect(result).toEqual({ outcome: 'valid', input });
    expect(result.outcome === 'valid' && result.input).toBe(input);
  });

  it.each([
    [
      'omit-optional-null',
      { offset: null },
      {},
      'Omitted optional null at `offset`.',
      'null',
      'absent',
    ],
    [
      'parse-json-value',
      { head_limit: '50' },
      { head_limit: 50 },
      'Parsed JSON integer at `head_limit`.',
      'string',
      'integer',
    ],
    [
      'parse-json-value',
      { flag: 'true' },
      { flag: true },
      'Parsed JSON boolean at `flag`.',
      'string',
      'boolean',
    ],
    [
      'wrap-array-singleton',
      { allowed_domains: 'github.com' },
      { allowed_domains: ['github.com'] },
      'Wrapped the singleton at `allowed_domains` as an array.',
      'string',
      'array',
    ],
    [
      'empty-array-placeholder',
      { blocked_domains: {} },
      { blocked_domains: [] },
      'Replaced the empty placeholder at `blocked_domains` with an array.',
      'object',
      'array',
    ],
    [
      'unwrap-path-autolink',
      { file_path: 'src/[main.py](http://main.py)' },
      { file_path: 'src/main.py' },
      'Unwrapped the filesystem path at `file_path`.',
      'string',
      'string',
    ],
    [
      'clamp-declared-bound',
      { yield_time_ms: 60000 },
      { yield_time_ms: 30000 },
      'Clamped `yield_time_ms` to 30000.',
      'integer',
      'integer',
    ],
    [
      'clamp-declared-bound',
      { yield_time_ms: 100 },
      { yield_time_ms: 250 },
      'Clamped `yield_time_ms` to 250.',
      'integer',
      'integer',
    ],
  ])('applies %s', (rule, change, expected, summary, from, to) => {
    const result = repair({ ...base, ...change });
    const key = Object.keys(change)[0]!;
    expect(result).toEqual({
      outcome: 'repaired',
      input: { ...base, ...expected },
      steps: [{ rule, path: key, from, to }],
      note: `Note: Repaired tool input: ${summary} Please use the corrected argument shape in later calls.`,
    });
  });

  it('parses then clamps in one pass', () => {
    const result = repair({ ...base, yield_time_ms: '60000' });
    expect(result.outcome === 'repaired' && result.steps.map((step) => step.rule)).toEqual([
      'parse-json-value',
      'clamp-declared-bound',
    ]);
  });

  it.each([
    ['a required null', { file_path: null }],
    ['a required empty-object placeholder', { required_list: {} }],
    ['a string that is not exact JSON', { head_limit: '10 lines' }],
    ['a yes/no string', { flag: 'yes' }],
    ['an unknown property', { extra: 1 }],
    ['an autolink in a path-or-resource', { source: 'src/[a.md](http://a.md)' }],
  ])('never repairs %s', (_label, change) => {
    const result = repair({ ...base, ...change });
    expect(result.outcome).toBe('invalid');
  });

  it('abandons a candidate that stays invalid and reports the original issues', () => {
    const result = repair({ ...base, offset: null, extra: 1 });
    expect(result).toEqual({
      outcome: 'abandoned',
      issues: [
        { path: 'extra', keyword: 'additionalProperties', message: 'unexpected property.' },
        { path: 'offset', keyword: 'type', message: 'expected integer; received null.' },
      ],
      steps: [{ rule: 'omit-optional-null', path: 'offset', from: 'null', to: 'absent' }],
    });
  });

  it('only validates when repair is disabled', () => {
    expect(repair({ ...base, offset: null }, false).outcome).toBe('invalid');
  });

  it('does not mutate the caller input', () => {
    const input = { ...base, offset: null };
    repair(input);
    expect(input).toEqual({ ...base, offset: null });
  });
});

describe('formatRepairNote', () => {
  it('shows at most four summaries and counts the rest', () => {
    expect(formatRepairNote(['a.', 'b.', 'c.', 'd.', 'e.', 'f.'])).toBe(
      'Note: Repaired tool input: a. b. c. d. 2 additional repairs were applied. Please use the corrected argument shape in later calls.',
    );
  });
});

describe('createRepairLog', () => {
  const entry = (index: number) => ({
    tool: 'T',
    toolUseId: `id-${index}`,
    origin: 'model' as const,
    source: 'direct' as const,
    outcome: 'invalid' as const,
    steps: [],
    paths: ['offset'],
  });

  it('keeps at most `limit` entries, newest last', () => {
    const log = createRepairLog({ limit: 2 });
    for (let index = 0; index < 5; index++) log.record(entry(index));
    expect(log.entries().map((item) => item.toolUseId)).toEqual(['id-3', 'id-4']);
  });

  it('defaults to 200 entries and appends one JSON line per entry', () => {
    const lines: string[] = [];
    const log = createRepairLog({ writeLine: (line) => lines.push(line) });
    for (let index = 0; index < 250; index++) log.record(entry(index));
    expect([log.entries().length, lines.length, JSON.parse(lines[0]!)]).toEqual([
      200,
      250,
      entry(0),
    ]);
  });

  it('reports a failing writer without throwing', () => {
    const errors: unknown[] = [];
    const log = createRepairLog({
      writeLine: () => {
        throw new Error('disk full');
      },
      onError: (error) => errors.push(error),
    });
    log.record(entry(1));
    expect([log.entries().length, (errors[0] as Error).message]).toEqual([1, 'disk full']);
  });
});
