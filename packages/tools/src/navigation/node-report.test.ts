import { describe, expect, it } from 'vitest';
import { nodeReport } from './node-report.js';
import { CONSTRUCTION_LIMIT, TRUNCATED_LINE } from './whole-file.js';

const JS = 'function f(a) {\n\treturn a;\n}\n';

describe('nodeReport', () => {
  it('finds the node at a display column counting a tab as its width', async () => {
    expect(await nodeReport('a.js', JS, { line: 2, column: 8 })).toEqual({
      success: true,
      value: 'Node Type: return\nRange: 18-24\nText: return\nNamed: no',
    });
  });

  it('honours a narrower tab width', async () => {
    expect(await nodeReport('a.js', JS, { line: 2, column: 4 }, 4)).toEqual({
      success: true,
      value: 'Node Type: return\nRange: 18-24\nText: return\nNamed: no',
    });
  });

  it('lists the field, ancestors and children on request', async () => {
    const query = { line: 2, column: 3, includeAncestors: true, includeChildren: true };
    expect(await nodeReport('a.js', JS, query)).toEqual({
      success: true,
      value: [
        'Node Type: statement_block',
        'Range: 15-29',
        'Text: {\\n\treturn a;\\n}',
        'Named: yes',
        'Field: body',
        'Ancestors:',
        '  -[1] function_declaration (1-29)',
        '  --[2] program (1-30)',
        'Children:',
        '  [0] { (15-16)',
        '  [1] return_statement (named) (18-27)',
        '  [2] } (28-29)',
      ].join('\n'),
    });
  });

  it('says a leaf has no children', async () => {
    expect(await nodeReport('a.js', JS, { line: 1, column: 9, includeChildren: true })).toEqual({
      success: true,
      value:
        'Node Type: identifier\nRange: 10-11\nText: f\nNamed: yes\nField: name\nChildren:\n  (no children)',
    });
  });

  it('cuts a long node text to 80 characters', async () => {
    const text = `/* ${'x'.repeat(100)} */\n`;
    const result = await nodeReport('a.js', text, { line: 1, column: 0 });
    expect(result).toEqual({
      success: true,
      value: `Node Type: comment\nRange: 1-107\nText: /* ${'x'.repeat(74)}...\nNamed: yes`,
    });
  });

  it('counts buffer positions in characters, not UTF-16 units', async () => {
    expect(await nodeReport('a.py', 's = "😀"\nt = 1\n', { line: 2, column: 0 })).toEqual({
      success: true,
      value: 'Node Type: identifier\nRange: 9-10\nText: t\nNamed: yes\nField: left',
    });
  });

  it('shows a carriage return in a Unix file as \\r, two columns wide like ^M', async () => {
    const text = 'const s = [1,\r2];\n';
    expect(await nodeReport('a.js', text, { line: 1, column: 14 })).toEqual({
      success: true,
      value: 'Node Type: array\nRange: 11-17\nText: [1,\\r2]\nNamed: yes\nField: value',
    });
    expect(await nodeReport('a.js', text, { line: 1, column: 15 })).toEqual({
      success: true,
      value: 'Node Type: number\nRange: 15-16\nText: 2\nNamed: yes',
    });
    expect(await nodeReport('a.js', text, { line: 1, column: 19 })).toEqual({
      success: false,
      error: 'Column 19 is beyond the end of line 1',
    });
  });

  it('refuses positions the file does not have instead of snapping', async () => {
    const cases: [Parameters<typeof nodeReport>[2], string][] = [
      [{ line: 4, column: 0 }, 'Line 4 is outside the buffer'],
      [{ line: 1000, column: 0 }, 'Line 1000 is outside the buffer'],
      [{ line: 0, column: 0 }, 'Line must be 1 or greater: 0'],
      [{ line: 1, column: -1 }, 'Column must be 0 or greater: -1'],
      [{ line: 2, column: 18 }, 'Column 18 is beyond the end of line 2'],
      [{ line: 1, column: 16 }, 'Column 16 is beyond the end of line 1'],
    ];
    for (const [query, error] of cases) {
      expect(await nodeReport('a.js', JS, query)).toEqual({ success: false, error });
    }
  });

  it('accepts the end of a line as a position', async () => {
    const result = await nodeReport('a.js', JS, { line: 2, column: 17 });
    expect(result).toEqual({
      success: true,
      value:
        'Node Type: statement_block\nRange: 15-29\nText: {\\n\treturn a;\\n}\nNamed: yes\nField: body',
    });
  });

  it('reports a file without a grammar', async () => {
    expect(await nodeReport('notes.txt', 'hi\n', { line: 1 })).toEqual({
      success: false,
      error: 'No tree-sitter parser available for notes.txt',
    });
  });

  it('lists the whole tree with fields and short texts', async () => {
    expect(await nodeReport('a.js', 'let x = 1;\n', { wholeFile: true })).toEqual({
      success: true,
      value: [
        'program (named) (1-12)',
        '  lexical_declaration (named) (1-11) "let x = 1;"',
        '    let [kind] (1-4) "let"',
        '    variable_declarator (named) (5-10) "x = 1"',
        '      identifier (named) [name] (5-6) "x"',
        '      = (7-8) "="',
        '      number (named) [value] (9-10) "1"',
        '    ; (10-11) ";"',
      ].join('\n'),
    });
  });

  it('lists 20 children, then counts the rest', async () => {
    const text = `[${Array.from({ length: 25 }, (_, i) => i).join(', ')}]`;
    const report = await nodeReport('a.json', text, { line: 1, column: 3, includeChildren: true });
    const lines = report.success ? report.value.split('\n') : [];
    expect(lines.slice(0, 2)).toEqual(['Node Type: array', 'Range: 1-91']);
    expect(lines.filter((line) => /^ {2}\[\d+\] /.test(line))).toHaveLength(20);
    expect(lines.slice(-2)).toEqual([
      '  [19] number (named) (29-30)',
      '  ... and 31 more children',
    ]);
  });

  it('names the field of a node after 100,000 siblings on one line', async () => {
    const elements = Array.from({ length: 100_000 }, (_, i) => i % 10).join(',');
    const text = `{"a": [${elements}], "z": 5}`;
    expect(await nodeReport('a.json', text, { line: 1, column: text.length - 2 })).toEqual({
      success: true,
      value: `Node Type: number\nRange: ${text.length - 1}-${text.length}\nText: 5\nNamed: yes\nField: value`,
    });
    const last = 7 + elements.length - 1;
    expect(await nodeReport('a.json', text, { line: 1, column: last })).toEqual({
      success: true,
      value: `Node Type: number\nRange: ${last + 1}-${last + 2}\nText: 9\nNamed: yes`,
    });
  });

  it('lists at most 9 ancestors', async () => {
    const text = `${'['.repeat(30)}${']'.repeat(30)}`;
    const query = { line: 1, column: 29, includeAncestors: true };
    const report = await nodeReport('a.json', text, query);
    const lines = report.success ? report.value.split('\n') : [];
    const ancestors = lines.slice(lines.indexOf('Ancestors:') + 1);
    expect(ancestors).toHaveLength(9);
    expect(ancestors[0]).toBe('  -[1] array (30-32)');
    expect(ancestors[8]).toBe(`  ${'-'.repeat(9)}[9] array (22-40)`);
  });

  it('lists the whole tree to depth 19 only', async () => {
    const text = `${'['.repeat(30)}${']'.repeat(30)}`;
    const report = await nodeReport('a.json', text, { wholeFile: true });
    const lines = report.success ? report.value.split('\n') : [];
    const depths = lines.map((line) => (line.length - line.trimStart().length) / 2);
    expect(Math.max(...depths)).toBe(19);
    expect(lines).toContain(
      `${'  '.repeat(19)}array (named) (19-43) "${'['.repeat(12)}${']'.repeat(12)}"`,
    );
    // The deepest listed array's own children would be at depth 20.
    expect(lines.some((line) => line.includes('(19-20)'))).toBe(false);
  });

  it('shows a node text in the whole tree only when shorter than 40 characters', async () => {
    const text = `["${'a'.repeat(37)}", "${'b'.repeat(38)}"]`;
    const report = await nodeReport('a.json', text, { wholeFile: true });
    const lines = report.success ? report.value.split('\n') : [];
    expect(lines).toContain(`    string (named) (2-41) ${JSON.stringify(`"${'a'.repeat(37)}"`)}`);
    expect(lines).toContain('    string (named) (43-83)');
  });

  it('stops a generated 50,000-line file at the construction limit and says so', async () => {
    const lines = Array.from(
      { length: 50_000 },
      (_, i) => `export const value${i} = [${i}, "v${i}"];`,
    );
    const result = await nodeReport('big.ts', lines.join('\n'), { wholeFile: true });
    if (!result.success) throw new Error(result.error);
    const out = result.value.split('\n');
    expect(out[out.length - 1]).toBe(TRUNCATED_LINE);
    expect(result.value.length).toBeLessThanOrEqual(CONSTRUCTION_LIMIT + TRUNCATED_LINE.length);
    expect(result.value.length).toBeGreaterThan(CONSTRUCTION_LIMIT - 200);
    expect(out[0]).toBe('program (named) (1-2216670)');
  }, 60_000);
});
