import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import { applyHunks } from './apply-hunks.js';
import type { BodyLine } from './patch-types.js';
import { fromLines, type LineEnding, toLines } from './text-lines.js';

const ending = fc.constantFrom<LineEnding>('\n', '\r\n');
// Numbered lines keep every hunk unambiguous.
const fileOf = fc
  .record({
    texts: fc.array(fc.stringMatching(/^[a-z ]{0,5}$/), { minLength: 1, maxLength: 8 }),
    endings: fc.array(ending, { minLength: 8, maxLength: 8 }),
    finalNewline: fc.boolean(),
  })
  .map(({ texts, endings, finalNewline }) => {
    const own = endings.slice(0, texts.length);
    // A last line without a newline has no ending of its own: it follows the line above.
    if (!finalNewline) own[own.length - 1] = own[own.length - 2] ?? '\n';
    return { lines: texts.map((text, index) => `${index}:${text}`), endings: own, finalNewline };
  });

const render = (lines: readonly string[], endings: readonly string[], finalNewline: boolean) =>
  lines
    .map((line, index) =>
      index === lines.length - 1 && !finalNewline ? line : line + (endings[index] as string),
    )
    .join('');

describe('line endings', () => {
  test.prop([fileOf])('toLines then fromLines gives back the same bytes', (file) => {
    const text = render(file.lines, file.endings, file.finalNewline);
    const split = toLines(new TextEncoder().encode(text));
    expect(split.lines).toEqual(file.lines);
    expect(
      new TextDecoder().decode(fromLines(split.lines, split.endings, split.finalNewline)),
    ).toBe(text);
  });

  test.prop([
    fileOf,
    fc.nat(),
    fc.nat(),
    fc.array(fc.stringMatching(/^[A-Z]{1,4}$/), { maxLength: 4 }),
  ])(
    'keeps untouched lines byte for byte; the k-th added line takes the k-th removed ending',
    (file, first, count, added) => {
      const start = first % file.lines.length;
      const removedCount = Math.min(1 + (count % 3), file.lines.length - start);
      const text = render(file.lines, file.endings, file.finalNewline);
      const split = toLines(new TextEncoder().encode(text));
      const body: BodyLine[] = [
        ...file.lines
          .slice(start, start + removedCount)
          .map((line) => ({ kind: '-' as const, text: line })),
        ...added.map((line) => ({ kind: '+' as const, text: line })),
      ];
      const result = applyHunks(
        split.lines,
        [{ hint: undefined, anchor: undefined, endOfFile: false, lines: body }],
        'f',
        split.endings,
        split.eol,
      );
      expect(result.success).toBe(true);
      if (!result.success) return;
      const removedEndings = file.endings.slice(start, start + removedCount);
      const expectedEndings = [
        ...file.endings.slice(0, start),
        ...added.map((_, index) => removedEndings[Math.min(index, removedCount - 1)] as LineEnding),
        ...file.endings.slice(start + removedCount),
      ];
      const expectedLines = [
        ...file.lines.slice(0, start),
        ...added,
        ...file.lines.slice(start + removedCount),
      ];
      const after = new TextDecoder().decode(
        fromLines(result.lines, result.endings, split.finalNewline),
      );
      expect(after).toBe(render(expectedLines, expectedEndings, file.finalNewline));
    },
  );
});

describe('ApplyPatch on a file with mixed CRLF and LF lines', () => {
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createTestWorkspace();
  });
  afterAll(() => workspace.dispose());

  it('applies, keeps untouched endings and gives changed and inserted lines their neighbours’', async () => {
    await workspace.write('mixed.txt', 'one\r\ntwo\nthree\r\nfour\nfive');
    const patch = [
      '*** Begin Patch',
      '*** Update File: mixed.txt',
      ' one',
      '-two',
      '+TWO',
      '+TWO-B',
      ' three',
      '+inserted',
      ' four',
      '*** End Patch',
    ].join('\n');
    expect(await workspace.run('ApplyPatch', { patch })).toEqual({
      status: 'success',
      result: 'Applied patch: 1 change\nApplied: mixed.txt hunk 1',
    });
    expect(await readFile(path.join(workspace.root, 'mixed.txt'), 'utf8')).toBe(
      'one\r\nTWO\nTWO-B\nthree\r\ninserted\r\nfour\nfive',
    );
  });
});
