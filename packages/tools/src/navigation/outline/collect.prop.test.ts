import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_IDS, type LanguageId, languageById } from '../languages.js';
import { loadParser, parseWith } from '../load-language.js';
import { corpusFiles } from '../testing/corpus.js';
import { collectOutlineByCursor } from '../testing/cursor-walk.js';
import { CSS_SOURCE, GO_SOURCE, RUST_SOURCE } from '../testing/generated-files.js';
import { realFiles } from '../testing/real-files.js';
import { WARM_UP_SAMPLES } from '../warm-up-samples.js';
import { collectOutline } from './collect.js';
import { RULES } from './rules-for.js';
import type { OutlineEntry } from './types.js';

// The walk over child lists, which skips function bodies by their text and reads identifier
// names from the source, against the cursor walk it replaced (names read from the tree, every
// body entered): the same entries, in the same order, for any source.
async function bothWalks(
  id: LanguageId,
  text: string,
): Promise<{ now: OutlineEntry[]; before: OutlineEntry[] }> {
  const spec = languageById(id);
  const tree = parseWith(await loadParser(spec), spec, text);
  try {
    return {
      now: collectOutline(tree, RULES[id], text),
      before: collectOutlineByCursor(tree, RULES[id], text),
    };
  } finally {
    tree.delete();
  }
}

async function expectSameWalks(id: LanguageId, text: string): Promise<number> {
  const { now, before } = await bothWalks(id, text);
  expect(now).toEqual(before);
  return now.length;
}

describe('collectOutline', () => {
  it('lists what the cursor walk listed for every language’s samples and real files', async () => {
    const samples: [LanguageId, string][] = [
      ...LANGUAGE_IDS.map((id): [LanguageId, string] => [id, WARM_UP_SAMPLES[id]]),
      ['go', GO_SOURCE],
      ['rust', RUST_SOURCE],
      ['css', CSS_SOURCE],
      ...Object.entries(realFiles()).map(([id, file]): [LanguageId, string] => [
        id as LanguageId,
        readFileSync(file, 'utf8'),
      ]),
    ];
    for (const [id, text] of samples) expect(await expectSameWalks(id, text)).toBeGreaterThan(0);
  });

  it('lists what the cursor walk listed for installed files of each language', async () => {
    const files = corpusFiles({ perLanguage: 60, maxBytes: 200_000 });
    const languages = new Set(files.map(([id]) => id));
    // The store always holds JavaScript, TypeScript and JSON; what else depends on it.
    for (const id of ['javascript', 'typescript', 'json'] as const) expect(languages).toContain(id);
    for (const [id, file] of files) await expectSameWalks(id, readFileSync(file, 'utf8'));
  });
});

// Generated JavaScript and TypeScript: definitions of every kind nested in each other, bodies
// with and without the words that open a definition (in code, strings and comments), names
// the source reading takes and those it leaves to the tree, and junk that breaks the syntax.
const NAMES = ['a', 'run', 'Store_1', '$x', '_y', 'type', 'get', 'async', 'ünï', 'a\\u0062', 'x$'];
const MEMBER_NAMES = [...NAMES, '"quoted name"', "'q'", '42', '[key]', '[Symbol.iterator]'];

const name = fc.constantFrom(...NAMES);
const memberName = fc.constantFrom(...MEMBER_NAMES);

const letrec = fc.letrec<{ statements: string; members: string; value: string }>((tie) => ({
  statements: fc
    .array(
      fc.oneof(
        { depthSize: 'small' },
        fc
          .tuple(fc.constantFrom('const', 'let', 'var'), name, tie('value'))
          .map(([keyword, n, value]) => `${keyword} ${n} = ${value};`),
        fc.tuple(name, tie('statements')).map(([n, body]) => `function ${n}(p) {\n${body}\n}`),
        fc.tuple(name, tie('members')).map(([n, body]) => `class ${n} {\n${body}\n}`),
        fc.tuple(name, name).map(([n, m]) => `interface ${n} { ${m}: string; ${m}(): void }`),
        fc.tuple(name, name).map(([n, m]) => `type ${n} = { ${m}?: number };`),
        name.map((n) => `enum ${n} { A, B }`),
        fc
          .tuple(name, name, tie('statements'))
          .map(([n, m, body]) => `namespace ${n}.${m} {\n${body}\n}`),
        tie('statements').map((body) => `if (p) {\n${body}\n}`),
        tie('statements').map((body) => `{\n${body}\n}`),
        tie('statements').map((body) => `(() => {\n${body}\n})();`),
        fc.constantFrom(
          '// a class, a function => and a type',
          'const s = "function => class";',
          'call(x => x);',
          'return;',
          'declare function f(): void;',
          'export default class {}',
          'export const e = 1, g = () => 2;',
          'x = class {};',
        ),
        tie('statements').map((body) => `export ${body.split('\n')[0] ?? ''}`),
      ),
      { maxLength: 4 },
    )
    .map((lines) => lines.join('\n')),
  members: fc
    .array(
      fc.oneof(
        { depthSize: 'small' },
        fc.tuple(memberName, tie('statements')).map(([n, body]) => `${n}(p) {\n${body}\n}`),
        fc.tuple(memberName, tie('value')).map(([n, value]) => `${n} = ${value};`),
        memberName.map((n) => `static readonly ${n}: number;`),
        fc.tuple(name, tie('statements')).map(([n, body]) => `get ${n}() {\n${body}\n}`),
        fc.tuple(name, tie('statements')).map(([n, body]) => `@decorate() ${n}() {\n${body}\n}`),
        name.map((n) => `#${n} = 1;`),
      ),
      { maxLength: 4 },
    )
    .map((lines) => lines.join('\n')),
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('1', '"=>"', 'p', '/* class */ 2', '[1, 2]'),
    tie('statements').map((body) => `() => {\n${body}\n}`),
    tie('statements').map((body) => `function (q) {\n${body}\n}`),
    tie('members').map((body) => `class {\n${body}\n}`),
  ),
}));

// Junk at a few places breaks the syntax, so error recovery's trees are compared too.
const source = fc
  .tuple(
    letrec.statements,
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('{', '}', '(', '=>', 'function', ';', 'class')), {
      maxLength: 2,
    }),
  )
  .map(([text, junk]) =>
    junk.reduce((out, [at, token]) => {
      const index = at % (out.length + 1);
      return `${out.slice(0, index)} ${token} ${out.slice(index)}`;
    }, text),
  );

// Python: definitions in blocks the rules enter and in those they do not, assignments in and
// out of functions.
const python = fc.letrec<{ block: string }>((tie) => ({
  block: fc
    .array(
      fc.oneof(
        // The first arbitrary is what a deep level falls back to: it must not recurse.
        { depthSize: 'small', maxDepth: 4 },
        name.map((n) => `${n} = 1`),
        fc.tuple(name, tie('block')).map(([n, body]) => `def ${n}(p):\n${indent(body)}`),
        fc.tuple(name, tie('block')).map(([n, body]) => `class ${n}:\n${indent(body)}`),
        tie('block').map((body) => `if p:\n${indent(body)}\nelse:\n${indent(body)}`),
        tie('block').map((body) => `for i in p:\n${indent(body)}`),
        tie('block').map((body) => `@decorate\ndef f():\n${indent(body)}`),
        fc.constantFrom('pass', 'x.y = 2', 'a, b = 1, 2', '# def hidden'),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((lines) => lines.join('\n')),
})).block;

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

describe('collectOutline on generated sources', () => {
  test.prop([source, fc.constantFrom<LanguageId>('typescript', 'javascript', 'tsx')], {
    numRuns: 300,
  })('lists what the cursor walk listed for JavaScript and TypeScript', async (text, id) => {
    await expectSameWalks(id, text);
  });

  test.prop([fc.json({ depthSize: 'medium' })], { numRuns: 100 })(
    'lists what the cursor walk listed for JSON',
    async (text) => {
      await expectSameWalks('json', text);
    },
  );

  test.prop([python], { numRuns: 100 })(
    'lists what the cursor walk listed for Python',
    async (text) => {
      await expectSameWalks('python', `${text}\n`);
    },
  );

  it('lists the members of a class declared in a method (a seed that failed)', async () => {
    const text = 'class a {\na(p) {\nclass a {\nget a() {\n\n}\n}\n}\n}';
    expect(await expectSameWalks('typescript', text)).toBe(4);
  });
});
