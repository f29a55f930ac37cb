import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { assertionHolds } from './assertions.js';
import { compileRegexp, GuestRegexp, regexpQuote } from './index.js';
import type { ParsedRegexp } from './nodes.js';
import { parseRegexp } from './parse.js';
import type { RegexpMatch } from './types.js';

// A deliberately naive backtracking matcher over the parsed nodes: exponential, but obviously
// Emacs's search order (leftmost start, then greedy or lazy counts in priority order).
function referenceExec(parsed: ParsedRegexp, input: string, start: number): RegexpMatch | null {
  const slots = new Array<number>((parsed.groupCount + 1) * 2).fill(-1);
  const nodes = parsed.nodes;
  const width = (position: number) => ((input.codePointAt(position) ?? 0) > 0xffff ? 2 : 1);
  const matchFrom = (index: number, position: number): boolean => {
    const node = nodes[index];
    if (node === undefined) {
      slots[1] = position;
      return true;
    }
    if (node.kind === 'open' || node.kind === 'close') {
      const slot = node.group * 2 + (node.kind === 'close' ? 1 : 0);
      const saved = slots[slot] ?? -1;
      slots[slot] = position;
      if (matchFrom(index + 1, position)) return true;
      slots[slot] = saved;
      return false;
    }
    if (node.kind === 'assert') {
      return assertionHolds(node.assertion, input, position) && matchFrom(index + 1, position);
    }
    const { min, max, greedy } = node.quantifier ?? { min: 1, max: 1, greedy: true };
    const ends = [position];
    let cursor = position;
    while (ends.length - 1 < max && cursor < input.length) {
      if (!node.matcher.test(input.codePointAt(cursor) ?? 0)) break;
      cursor += width(cursor);
      ends.push(cursor);
    }
    const counts = ends.map((_, count) => count).filter((count) => count >= min);
    if (greedy) counts.reverse();
    return counts.some((count) => matchFrom(index + 1, ends[count] ?? position));
  };
  for (let position = start; position <= input.length; position += width(position)) {
    slots.fill(-1);
    slots[0] = position;
    if (matchFrom(0, position)) {
      const groups: RegexpMatch['groups'] = [];
      for (let slot = 0; slot < slots.length; slot += 2) {
        const from = slots[slot] ?? -1;
        const to = slots[slot + 1] ?? -1;
        groups.push(from >= 0 && to >= 0 ? [from, to] : undefined);
      }
      return { start: position, end: slots[1] ?? position, groups };
    }
    if (position >= input.length) break;
  }
  return null;
}

const atom = fc.constantFrom(
  'a',
  'b',
  'B',
  'É',
  '.',
  '[ab]',
  '[^a]',
  '[[:space:]]',
  '\\w',
  '\\W',
  '\\s-',
  '\\s_',
  '\\.',
  '😀',
);
const quantifier = fc.constantFrom(
  '',
  '',
  '*',
  '+',
  '?',
  '*?',
  '+?',
  '??',
  '\\{2\\}',
  '\\{1,3\\}',
  '\\{,2\\}',
  '\\{2,\\}',
);
const assertion = fc.constantFrom(
  '^',
  '$',
  '\\`',
  "\\'",
  '\\b',
  '\\B',
  '\\<',
  '\\>',
  '\\_<',
  '\\_>',
);
const piece: fc.Arbitrary<string> = fc.letrec<{ piece: string }>((tie) => ({
  piece: fc.oneof(
    { weight: 6, arbitrary: fc.tuple(atom, quantifier).map(([a, q]) => a + q) },
    { weight: 2, arbitrary: assertion },
    {
      weight: 1,
      arbitrary: fc
        .array(tie('piece'), { maxLength: 3, depthIdentifier: 'group' })
        .map((parts) => `\\(${parts.join('')}\\)`),
    },
  ),
})).piece;
const pattern = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
const input = fc.string({
  unit: fc.constantFrom('a', 'b', 'B', ' ', '-', '_', '\n', '.', '😀', 'é', 'É'),
  maxLength: 10,
});
const regexpish = fc.string({
  unit: fc.constantFrom(
    '\\',
    '(',
    ')',
    '[',
    ']',
    '{',
    '}',
    '*',
    '+',
    '?',
    '^',
    '$',
    '|',
    ':',
    '-',
    ',',
    '1',
    'a',
    's',
    'w',
    '_',
    '<',
    '>',
    '`',
    "'",
    '.',
    '=',
    'c',
  ),
  maxLength: 16,
});

describe('compileRegexp properties', () => {
  test.prop([fc.oneof(regexpish, fc.string({ unit: 'binary' }))])(
    'returns a result and never throws for any pattern',
    (source) => {
      const result = compileRegexp(source);
      expect(typeof result.success).toBe('boolean');
    },
  );

  test.prop([pattern, input, fc.nat(10), fc.boolean()], { numRuns: 400 })(
    'agrees with a backtracking reference matcher on accepted patterns',
    (source, text, offset, caseFold) => {
      const parsed = parseRegexp(source, caseFold);
      fc.pre(parsed.success);
      if (!parsed.success) return;
      const compiled = compileRegexp(source, { caseFold });
      if (!compiled.success) throw new Error(compiled.error.message);
      let start = Math.min(offset, text.length);
      // Never start between the halves of a surrogate pair, as Emacs has no such position.
      if (start > 0 && start < text.length && /[\udc00-\udfff]/.test(text[start] ?? '')) start -= 1;
      expect(compiled.value.exec(text, start)).toEqual(referenceExec(parsed.value, text, start));
    },
  );

  test.prop([pattern, fc.string({ maxLength: 60 })])(
    'finishes within its own work estimate',
    (source, text) => {
      const compiled = compileRegexp(source);
      fc.pre(compiled.success);
      if (!compiled.success || !(compiled.value instanceof GuestRegexp)) return;
      const run = compiled.value.execWithWork(text);
      expect(run.work).toBeLessThanOrEqual(compiled.value.estimateWork(text.length));
    },
  );

  test.prop([fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 5 })])(
    'matches the quoted text literally at its first occurrence',
    (text, prefix) => {
      const compiled = compileRegexp(regexpQuote(text));
      if (!compiled.success) throw new Error(compiled.error.message);
      const match = compiled.value.exec(text);
      expect(match).toEqual({ start: 0, end: text.length, groups: [[0, text.length]] });
      const later = compiled.value.exec(prefix + text);
      expect(later?.start).toBe(text === '' ? 0 : (prefix + text).indexOf(text));
    },
  );
});
