import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorFor } from './compile-validator.js';
import { defineTool } from './define-tool.js';
import { readTool } from './testing/tools.js';
import { formatInvalidInput } from './validation-issues.js';

const objectTool = defineTool({
  name: 'Obj',
  description: 'Takes options.',
  args: z.object({
    options: z.object({}).optional(),
    names: z.array(z.string()).max(2).optional(),
  }),
  handler: () => 'x',
});

describe('validatorFor', () => {
  it('accepts valid input and compiles once per tool', () => {
    expect(validatorFor(readTool)({ file_path: 'a.ts', offset: 3 })).toBeUndefined();
    expect(validatorFor(readTool)).toBe(validatorFor(readTool));
  });

  it('keeps JSON null distinct from an absent key', () => {
    expect(validatorFor(readTool)({ file_path: 'a.ts' })).toBeUndefined();
    expect(validatorFor(readTool)({ file_path: 'a.ts', offset: null })).toEqual([
      { path: 'offset', keyword: 'type', message: 'expected integer; received null.' },
    ]);
  });

  it('treats a required null as missing', () => {
    expect(validatorFor(readTool)({ file_path: null })).toEqual([
      { path: 'file_path', keyword: 'required', message: 'required string value is missing.' },
    ]);
  });

  it('keeps an empty object an object', () => {
    expect(validatorFor(objectTool)({ options: {} })).toBeUndefined();
    expect(validatorFor(objectTool)({ names: {} })).toEqual([
      { path: 'names', keyword: 'type', message: 'expected array; received object.' },
    ]);
  });

  it('reports unexpected properties, enum misses and item counts without values', () => {
    expect(validatorFor(readTool)({ file_path: 'a', mode: 'secret-value', extra: 1 })).toEqual([
      { path: 'extra', keyword: 'additionalProperties', message: 'unexpected property.' },
      {
        path: 'mode',
        keyword: 'enum',
        message: 'expected one of ["text", "lines"]; received string.',
      },
    ]);
    expect(validatorFor(objectTool)({ names: ['a', 'b', 'c'] })).toEqual([
      { path: 'names', keyword: 'maxItems', message: 'expected at most 2 items.' },
    ]);
  });

  it('rejects resource addresses and Markdown links in filesystem paths', () => {
    expect(validatorFor(readTool)({ file_path: 'work://notes.md' })).toEqual([
      {
        path: 'file_path',
        keyword: 'path',
        message: 'filesystem-only path arguments do not accept resource addresses.',
      },
    ]);
  });
});

describe('formatInvalidInput', () => {
  it('bounds the bullets to eight and counts the rest', () => {
    const issues = Array.from({ length: 10 }, (_, index) => ({
      path: `p${index}`,
      keyword: 'type',
      message: 'expected string; received integer.',
    }));
    const lines = formatInvalidInput('T', issues).split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'T input is invalid; the tool was not executed.',
      '',
      '- `p0`: expected string; received integer.',
    ]);
    expect(lines.slice(-4)).toEqual([
      '- `p7`: expected string; received integer.',
      '- 2 additional issues were omitted.',
      '',
      'No tentative repairs were applied.',
    ]);
  });
});
