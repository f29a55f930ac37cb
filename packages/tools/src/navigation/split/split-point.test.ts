import { describe, expect, it } from 'vitest';
import { splitPoint, splitRanges } from './split-point.js';

const filler = (name: string) => `export function ${name}() {\n  return 1;\n}\n`;

describe('splitPoint', () => {
  it('picks the first top-level declaration after the middle that follows a closed statement', () => {
    const text = ['a', 'b', 'c', 'd', 'e'].map(filler).join('');
    const at = splitPoint(text);
    expect(text.slice(at).startsWith('export function d()')).toBe(true);
    expect(text[at - 2]).toBe('}');
  });

  it('follows an unindented line ending in a semicolon', () => {
    const text = `${'let a = 1;\n'.repeat(4)}const b = 2;\n${'let c = 3;\n'.repeat(4)}`;
    const at = splitPoint(text);
    expect(at).toBeGreaterThan(0);
    expect(text.slice(0, at).endsWith(';\n')).toBe(true);
    expect(at).toBeGreaterThanOrEqual(text.length >> 1);
  });

  it('looks before the middle when nothing after it qualifies', () => {
    const tail = `x(${'\n  1,'.repeat(8)}\n);\n`;
    const text = `${filler('a')}${filler('b')}${tail}`;
    expect(splitPoint(text)).toBe(filler('a').length);
  });

  it('finds none in a file of indented or unclosed lines', () => {
    expect(splitPoint(`namespace N {\n${'  export const a = 1;\n'.repeat(20)}}\n`)).toBe(-1);
    expect(splitPoint('const a = [\n1,\n2,\n3,\n4,\n];\n'.replace(/;/g, ''))).toBe(-1);
  });
});

describe('splitRanges', () => {
  it('covers the text in two ranges meeting at the split, in whole-file rows', () => {
    const text = 'const a = 1;\nconst b = 2;\nlet c = "é";';
    const at = text.indexOf('const b');
    expect(splitRanges(text, at)).toEqual([
      {
        startIndex: 0,
        endIndex: at,
        startPosition: { row: 0, column: 0 },
        endPosition: { row: 1, column: 0 },
      },
      {
        startIndex: at,
        endIndex: text.length,
        startPosition: { row: 1, column: 0 },
        endPosition: { row: 2, column: 12 },
      },
    ]);
  });
});
