import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { SourceText } from './source-text.js';

function displayWidth(line: string, tabWidth: number): number {
  let col = 0;
  for (const ch of line) col += ch === '\t' ? tabWidth - (col % tabWidth) : 1;
  return col;
}

const lineArb = fc
  .array(fc.constantFrom('a', ' ', '\t', 'é', 'x'), { maxLength: 12 })
  .map((c) => c.join(''));

describe('SourceText.indexAt', () => {
  test.prop([
    fc.array(lineArb, { minLength: 1, maxLength: 6 }),
    fc.integer({ min: -2, max: 9 }),
    fc.integer({ min: -2, max: 40 }),
    fc.integer({ min: 1, max: 8 }),
  ])(
    'answers exactly the positions a file has and refuses the rest',
    (lines, line, column, tabWidth) => {
      const source = new SourceText(lines.join('\n'), tabWidth);
      const result = source.indexAt(line, column);
      // The empty line after a final newline is not a line of the file.
      const count = lines.length > 1 && lines.at(-1) === '' ? lines.length - 1 : lines.length;
      const exists = line >= 1 && line <= count && column >= 0;
      const text = lines[line - 1] ?? '';
      if (!exists || column > displayWidth(text, tabWidth)) {
        expect(result.success).toBe(false);
        return;
      }
      if (!result.success) throw new Error(result.error);
      const start = source.lineStarts[line - 1] as number;
      const before = displayWidth(source.text.slice(start, result.value), tabWidth);
      // The index is the character whose display span covers the column: never a neighbour.
      expect(before).toBeLessThanOrEqual(column);
      const through = displayWidth(source.text.slice(start, result.value + 1), tabWidth);
      expect(result.value === start + text.length ? before === column : through > column).toBe(
        true,
      );
    },
  );

  it('does not count the line after a final newline', () => {
    expect(new SourceText('a\nb\n', 8).indexAt(3, 0)).toEqual({
      success: false,
      error: 'Line 3 is outside the buffer',
    });
    expect(new SourceText('', 8).indexAt(1, 0)).toEqual({ success: true, value: 0 });
  });
});
