import { readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluate, preflight, type ToolBinding } from '@toolcall/interpreter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from './testing/workspace.js';

const docsDirectory = path.resolve(import.meta.dirname, '../../../docs');
const manual = readFileSync(path.join(docsDirectory, 'toolcall-dialect.md'), 'utf8');

// The closed primitive table of the dialect specification, in its order.
// biome-ignore format: one table, kept compact
const specPrimitives = [
  'car', 'cdr', 'caar', 'cadr', 'cdar', 'cddr', 'cons', 'list', 'append', 'length', 'nth',
  'nthcdr', 'last', 'take', 'reverse', 'sort', 'member', 'memq', 'assoc', 'assq', 'plist-get',
  'plist-member', 'concat', 'format', 'substring', 'split-string', 'string-join',
  'file-name-nondirectory', 'file-name-directory', 'file-name-concat', 'file-name-extension',
  'file-name-sans-extension', 'file-name-base', 'string-trim', 'string-prefix-p',
  'string-suffix-p', 'string-match-p', 'string-search', 'regexp-quote', 'upcase', 'downcase',
  'capitalize', 'number-to-string', 'string-to-number', '+', '-', '*', '/', '%', 'mod', 'abs',
  'max', 'min', 'float', 'truncate', 'round', 'floor', 'ceiling', '=', '/=', '<', '>', '<=', '>=',
  'eq', 'eql', 'equal', 'null', 'not', 'atom', 'consp', 'listp', 'stringp', 'numberp',
  'integerp', 'floatp', 'symbolp', 'sequencep', 'identity', 'gensym',
];

const toolNames = ['Read', 'Glob', 'Grep', 'Bash'];

/** The fenced blocks of the manual marked `lisp`, with the section each sits in. */
function lispBlocks(): { section: string; source: string }[] {
  const blocks: { section: string; source: string }[] = [];
  let section = '';
  const lines = manual.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('## ')) section = line.slice(3);
    if (line !== '```lisp') continue;
    const end = lines.indexOf('```', i + 1);
    blocks.push({ section, source: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

function usedTools(source: string): string[] {
  return toolNames.filter((name) => new RegExp(`\\(${name}\\s`).test(source));
}

// A roster that accepts any arguments: preflight only needs the names.
const roster = (names: string[]): Record<string, ToolBinding> =>
  Object.fromEntries(names.map((name) => [name, { call: async () => '' }]));

const blocks = lispBlocks();
const pure = blocks.filter((block) => usedTools(block.source).length === 0);
const withTools = blocks.filter((block) => usedTools(block.source).length > 0);
const complete = withTools.filter((block) => block.section === 'Complete examples');

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({ docsDirectory });
  await workspace.write('README.md', '# Project\n\nText.\n');
  await workspace.write('notes.md', 'no title here\n');
  await workspace.write('package.json', '{\n  "name": "demo"\n}\n');
  await workspace.write(
    'src/a.ts',
    '// TODO one\n// TODO two\nexport function a() {\n  return 1;\n}\n',
  );
  await workspace.write('src/b.ts', '// TODO three\nexport function b() {}\n');
  await workspace.write('src/c.ts', 'export const c = 3;\n');
});
afterAll(() => workspace.dispose());

describe('the dialect manual', () => {
  it('is readable and searchable as toolcall://toolcall-dialect.md', async () => {
    const read = await workspace.run('Read', {
      file_path: 'toolcall://toolcall-dialect.md',
      limit: 1,
    });
    expect(read.status).toBe('success');
    expect(String(read.result)).toMatch(/^1\t# The ToolCall dialect\n/);
    const grep = await workspace.run('Grep', {
      pattern: '^## (Parallel calls|Limits)$',
      path: 'toolcall://toolcall-dialect.md',
      output_mode: 'count',
    });
    expect(grep).toEqual({ status: 'success', result: 'toolcall://toolcall-dialect.md:2' });
  });

  it('names every primitive of the specification as a code span', () => {
    const missing = specPrimitives.filter(
      (name) => !manual.includes(`(${name} `) && !manual.includes(`(${name})`),
    );
    expect(missing).toEqual([]);
  });

  it('has pure and tool examples to check', () => {
    expect([pure.length > 5, withTools.length > 5, complete.length]).toEqual([true, true, 4]);
  });

  it.each(pure.map((block) => [block.source.split('\n')[0], block.source]))(
    'evaluates the pure example %s without a read or preflight error',
    async (_first, source) => {
      const outcome = await evaluate(source, {});
      // Only the example marked "wrong" is meant to fail, and then at run time.
      const expected = source.includes('; wrong') ? 'runtime' : 'ok';
      expect(outcome.success ? 'ok' : outcome.error.kind).toBe(expected);
    },
  );

  it.each(withTools.map((block) => [block.source.split('\n')[0], block.source]))(
    'preflights the tool example %s against a roster of its tools',
    (_first, source) => {
      expect(preflight(source, { tools: roster(usedTools(source)) }).success).toBe(true);
    },
  );

  it('runs the complete examples through ToolCall with the real tools', async () => {
    const results = [];
    for (const block of complete)
      results.push(await workspace.run('ToolCall', { expression: block.source }));
    expect(results.map((result) => result.status)).toEqual([
      'success',
      'success',
      'success',
      'success',
    ]);
    // Grep lists files in no fixed order, so the busiest files may come either way round.
    expect(['((1 "b.ts") (2 "a.ts"))', '((2 "a.ts") (1 "b.ts"))']).toContain(results[0]?.result);
    expect(results.slice(1, 3).map((result) => result.result)).toEqual(['untitled: notes.md', '3']);
    expect(String(results[3]?.result)).toContain('export function a() {');
  });
});
