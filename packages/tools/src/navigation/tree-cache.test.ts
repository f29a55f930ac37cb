import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { languageById } from './languages.js';
import { SourceText } from './source-text.js';
import { editBetween, withTree } from './tree-cache.js';
import { formatWholeTree } from './whole-file.js';

const TS = languageById('typescript');
const piece = fc.constantFrom(
  'class A {\n  m() { return 1; }\n}\n',
  'function f(x: number) {\n\treturn x;\n}\n',
  'const v = () => 2;\n',
  'interface I { a: string }\n',
  '// note 😀\n',
  'let s = "é";\n',
  '}',
  '{',
);
const source = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));

function dump(text: string) {
  return (tree: Parameters<Parameters<typeof withTree>[3]>[0]) =>
    formatWholeTree(new SourceText(text, 8), tree);
}

describe('withTree', () => {
  test.prop([fc.array(source, { minLength: 1, maxLength: 4 })], { numRuns: 40 })(
    'gives a reused or reparsed tree exactly the shape of a fresh parse',
    async (versions) => {
      for (const text of versions) {
        const cached = await withTree('/virtual/file.ts', TS, text, dump(text));
        const fresh = await withTree(undefined, TS, text, dump(text));
        expect(cached).toBe(fresh);
      }
    },
  );

  it('reuses the tree of unchanged text', async () => {
    const text = 'const a = 1;\n';
    const first = await withTree('/virtual/same.ts', TS, text, (tree) => tree);
    const second = await withTree('/virtual/same.ts', TS, text, (tree) => tree);
    expect(second).toBe(first);
  });
});

describe('editBetween', () => {
  it('spans only the changed middle, in UTF-16 rows and columns', () => {
    const edit = editBetween('a\nbXc\nd', 'a\nbYYc\nd');
    expect({ ...edit }).toEqual({
      startIndex: 3,
      oldEndIndex: 4,
      newEndIndex: 5,
      startPosition: { row: 1, column: 1 },
      oldEndPosition: { row: 1, column: 2 },
      newEndPosition: { row: 1, column: 3 },
    });
  });
});
