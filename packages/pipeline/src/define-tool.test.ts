import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PATH_GUIDANCE, PATH_OR_RESOURCE_GUIDANCE, path } from './args-dsl.js';
import { defineTool } from './define-tool.js';
import { summarize } from './summary.js';
import { copyTool, readTool } from './testing/tools.js';

describe('defineTool', () => {
  it('throws a TypeError naming an unknown key at definition time', () => {
    expect(() =>
      defineTool({
        name: 'X',
        description: 'X.',
        args: z.object({}),
        handler: () => 'x',
        readonly: true,
      } as never),
    ).toThrow(
      new TypeError(
        'defineTool: unknown key `readonly`; expected one of name, description, summary, args, handler, readOnly, destructive, annotations, snapshot, async, category, groups, maxResultSize, permission, renderTransform, renderer',
      ),
    );
  });

  it('throws when args is not a zod object or a flag is not a boolean', () => {
    expect(() =>
      defineTool({ name: 'X', description: 'X.', args: {} as never, handler: () => 'x' }),
    ).toThrow(/`args` must be a zod object/);
    expect(() =>
      defineTool({
        name: 'X',
        description: 'X.',
        args: z.object({}),
        handler: () => 'x',
        readOnly: 'yes' as never,
      }),
    ).toThrow(/`readOnly` must be a boolean/);
  });

  it('defaults the summary to the first sentence of the description', () => {
    expect(readTool.summary).toBe('Reads a file from the workspace.');
  });

  it('lowers path arguments to strings with guidance and keeps declared bounds', () => {
    expect(readTool.inputSchema).toEqual({
      type: 'object',
      properties: {
        file_path: { type: 'string', description: `The file to read. ${PATH_GUIDANCE}` },
        offset: { type: 'integer', minimum: 1, maximum: 100 },
        limit: { type: 'integer' },
        mode: { type: 'string', enum: ['text', 'lines'], default: 'text' },
      },
      required: ['file_path'],
      additionalProperties: false,
    });
    expect(readTool.defaults).toEqual([['mode', 'text']]);
    expect(readTool.semantics).toEqual({ file_path: { kind: 'path', access: 'write' } });
  });

  it('lowers pathOrResource with its own guidance and keeps access out of the schema', () => {
    expect(copyTool.inputSchema.properties).toEqual({
      source: { type: 'string', description: `What to copy. ${PATH_OR_RESOURCE_GUIDANCE}` },
      destination: { type: 'string', description: PATH_GUIDANCE },
    });
    expect(copyTool.semantics.source).toEqual({ kind: 'path-or-resource', access: 'read' });
  });

  it('freezes the registered tool and its schema', () => {
    expect(Object.isFrozen(readTool)).toBe(true);
    expect(Object.isFrozen(readTool.inputSchema.properties)).toBe(true);
  });

  it('rejects snapshot without any path source', () => {
    expect(() =>
      defineTool({
        name: 'S',
        description: 'S.',
        snapshot: true,
        args: z.object({ a: z.string() }),
        handler: () => 'x',
      }),
    ).toThrow(/snapshot/);
    expect(
      defineTool({
        name: 'S',
        description: 'S.',
        snapshot: true,
        args: z.object({ a: path() }),
        handler: () => 'x',
      }).snapshot,
    ).toBe(true);
  });
});

describe('summarize', () => {
  it('returns the first sentence, at most 160 characters', () => {
    expect(summarize('Find files.  Then more.')).toBe('Find files.');
    expect(summarize('No period here')).toBe('No period here');
    const long = summarize(`${'word '.repeat(60)}end.`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
  });
});
