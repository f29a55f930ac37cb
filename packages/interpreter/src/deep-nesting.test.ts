import { describe, expect, it } from 'vitest';
import { compileSpan } from './compile.js';
import { evaluate } from './evaluate.js';
import { fromJson, maxJsonDepth, maxResultDepth, toJson } from './json.js';
import { preflight } from './preflight.js';
import { read } from './reader.js';
import { intern, list, NIL, type Value } from './values.js';

const raised = {
  depth: 1_000_000,
  syntaxNodes: 10_000_000,
  scriptBytes: 100_000_000,
  steps: 100_000_000,
  nestedCalls: 1_000_000,
  recursionDepth: 1_000_000,
  valueSize: 100_000_000,
  retainedValues: 1_000_000_000,
  wallTime: 120_000,
};

function nest(open: string, leaf: string, close: string, depth: number): string {
  return `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;
}

describe('evaluate on 100,000 nested forms with raised limits', () => {
  it.each([
    ['(+ 1 ', '0', ')', '100000'],
    ['(let ((a 1)) ', '2', ')', '2'],
    ['(if t ', '3', ' 0)', '3'],
    ['(funcall (lambda () ', '4', '))', '4'],
  ])('evaluates %s…', { timeout: 120_000 }, async (open, leaf, close, printed) => {
    const outcome = await evaluate(nest(open, leaf, close, 100_000), { limits: raised });
    expect(outcome).toMatchObject({ success: true, printed });
  });

  it('prints and compares a 100,000-deep quoted datum', { timeout: 120_000 }, async () => {
    const datum = nest('(', '1', ')', 100_000);
    const outcome = await evaluate(`(equal '${datum} '${datum})`, { limits: raised });
    expect(outcome).toMatchObject({ success: true, printed: 't' });
  });

  it('preflights 100,000 nested forms and finds the unknown name at the bottom', () => {
    const result = preflight(nest('(list ', '(frob 1)', ')', 100_000), { limits: raised });
    expect(result).toMatchObject({
      success: false,
      error: { kind: 'preflight', message: expect.stringMatching(/^unknown function: frob;/) },
    });
  });

  it('still refuses a standalone-only tool nested past the one-pass span', () => {
    const tools = { Ask: { standaloneOnly: true, call: () => 'yes' }, Echo: { call: () => 1 } };
    const deep = nest('(list ', '(Ask)', ')', compileSpan * 3);
    const result = preflight(`(Echo :value ${deep})`, { tools, limits: raised });
    expect(result).toMatchObject({
      success: false,
      error: { kind: 'preflight', message: expect.stringContaining('Ask is standalone-only') },
    });
  });

  it('names the one-pass span when a parallel argument nests past it', async () => {
    const tools = { Echo: { call: () => 1 } };
    const deep = nest('(+ 1 ', '0', ')', compileSpan * 2);
    const outcome = await evaluate(`(parallel (Echo :value ${deep}))`, { tools, limits: raised });
    expect(outcome).toMatchObject({
      success: false,
      error: {
        kind: 'preflight',
        message: expect.stringContaining(`nested at most ${compileSpan} forms deep`),
      },
    });
  });

  it('keeps let* scopes per initializer for forms compiled after their parent', async () => {
    const deep = nest('(+ 0 ', 'a', ')', compileSpan * 2);
    // Were the scope changed in place, the deep `a` would see the later binding of a.
    const outcome = await evaluate(`(let ((a 2)) (let* ((b ${deep}) (a 10)) b))`, {
      limits: raised,
    });
    expect(outcome).toMatchObject({ success: true, printed: '2' });
  });
});

describe('reading long escape chains', () => {
  it('reads 100,000 control prefixes without recursion', () => {
    const result = read(`?${'\\C-'.repeat(100_000)}a`, { scriptBytes: 1e7 });
    expect(result.success && result.value.forms).toEqual([1]);
  });

  it('applies each control prefix in turn', () => {
    const result = read('(list ?\\C-? ?\\^\\C-? ?\\C-\\C-a ?\\C-\\x41)');
    expect(result.success && result.value.forms[0]).toEqual(list([intern('list'), 127, 31, 1, 1]));
  });
});

describe('values nested deeper than the JSON limits', () => {
  it('names the projection limit when a tool argument is nested too deeply', async () => {
    let seen = false;
    const tools = {
      Echo: {
        call: () => {
          seen = true;
          return 1;
        },
      },
    };
    const outcome = await evaluate(`(Echo :value '${nest('(', '1', ')', maxJsonDepth + 5)})`, {
      tools,
      limits: raised,
    });
    expect(seen).toBe(false);
    expect(outcome).toMatchObject({
      success: true,
      printed: expect.stringContaining(`levels deep, the limit of JSON projection`),
    });
  });

  it('names the result limit when a tool result is nested too deeply', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < maxResultDepth + 5; i++) deep = [deep];
    expect(() => fromJson(deep)).toThrow(`more than ${maxResultDepth} levels deep`);
  });

  it('projects a value at the limit and refuses one past it', () => {
    let value: Value = 1;
    for (let i = 0; i < maxJsonDepth; i++) value = list([value]);
    expect(toJson(value).success).toBe(true);
    expect(toJson(list([list([value])]))).toMatchObject({ success: false });
    expect(toJson(NIL)).toEqual({ success: true, value: null });
  });
});

describe('long flat forms that compile to nested nodes', () => {
  it('evaluates a cond of 100,000 clauses', { timeout: 120_000 }, async () => {
    const clauses = Array.from({ length: 100_000 }, (_, i) => `((= x ${i + 1}) ${i})`).join(' ');
    const outcome = await evaluate(`(let ((x 100000)) (cond ${clauses}))`, { limits: raised });
    expect(outcome).toMatchObject({ success: true, printed: '99999' });
  });
});
