import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { path } from '../args-dsl.js';
import { defineTool } from '../define-tool.js';
import { createPipeline } from '../pipeline.js';
import type { Tool } from '../tool-types.js';
import { createCatalog } from './catalog.js';
import { searchCatalog } from './tool-search.js';
import { createToolSearchTool } from './tool-search-tool.js';

const imenu = defineTool({
  name: 'Imenu',
  description: 'Fast outline of a file. Lists definitions with line numbers.',
  groups: ['code'],
  args: z.object({ file_path: path('The file to outline.') }),
  handler: () => 'ok',
}) as unknown as Tool;
const treesitter = defineTool({
  name: 'Treesitter',
  description: 'Syntax tree of a file.',
  groups: ['code'],
  args: z.object({
    file_path: path('The file.'),
    mode: z.enum(['tree', 'node']).default('tree'),
  }),
  handler: () => 'ok',
}) as unknown as Tool;
const bulk = Array.from(
  { length: 25 },
  (_, index) =>
    defineTool({
      name: `Report${String(index).padStart(2, '0')}`,
      description: 'Builds a report.',
      category: 'reports',
      groups: ['bulk'],
      args: z.object({}),
      handler: () => 'ok',
    }) as unknown as Tool,
);
const catalog = createCatalog({
  tools: [imenu, treesitter, ...bulk],
  discoverable: ['code', 'bulk'],
});

describe('searchCatalog', () => {
  it('returns full contracts for one to three matches', () => {
    expect(searchCatalog(catalog, 'outline')).toBe(
      [
        '## Imenu',
        '',
        '(Imenu :file_path string)',
        '',
        'Fast outline of a file. Lists definitions with line numbers.',
        '',
        'Arguments:',
        '- :file_path (string, required) - The file to outline. Pass a raw filesystem path, not Markdown or a URL.',
        '',
        'Manual: toolcall://tools/Imenu.md',
      ].join('\n'),
    );
  });

  it('leaves the Manual line out for a tool without a manual', () => {
    const text = searchCatalog(catalog, 'outline', {
      manualReference: (entry) => (entry.tool.name === 'Imenu' ? undefined : 'toolcall://x.md'),
    });
    expect(text.endsWith('Pass a raw filesystem path, not Markdown or a URL.')).toBe(true);
    expect(text).not.toContain('Manual:');
  });

  it('selects only the named tool for an exact-name term, matching case-insensitively', () => {
    const text = searchCatalog(catalog, 'TREESITTER');
    expect(text.startsWith('## Treesitter\n\n(Treesitter :file_path string [:mode string])')).toBe(
      true,
    );
    expect(text).toContain('- :mode (string, optional, one of "tree", "node", default "tree")');
  });

  it('ORs terms and deduplicates, returning contracts again on a repeated search', () => {
    const once = searchCatalog(catalog, 'imenu outline Imenu');
    expect(once.match(/## Imenu/g)).toHaveLength(1);
    expect(searchCatalog(catalog, 'imenu outline Imenu')).toBe(once);
  });

  it('lists at most 20 calling shapes with the total for a broad query', () => {
    const lines = searchCatalog(catalog, 'code reports').split('\n');
    expect(lines[0]).toBe('27 tools match; showing the first 20:');
    expect(lines.slice(1, 4)).toEqual([
      '- (Imenu :file_path string) - Fast outline of a file.',
      '- (Treesitter :file_path string [:mode string]) - Syntax tree of a file.',
      '- (Report00) - Builds a report.',
    ]);
    expect(lines).toHaveLength(23);
    expect(lines.at(-1)).toBe('Search again with one or two exact names for their full contracts.');
  });

  it('suggests sorted categories and groups when nothing matches', () => {
    expect(searchCatalog(catalog, 'zzz')).toBe(
      'No tools match "zzz". Try one of these categories or groups: bulk, code, reports.',
    );
  });

  it('selects only the exact name for a term that other names contain', () => {
    const named = (name: string) =>
      defineTool({
        name,
        description: `${name} does its work.`,
        groups: ['files'],
        args: z.object({}),
        handler: () => 'ok',
      }) as unknown as Tool;
    const files = createCatalog({
      tools: [named('Read'), named('ReadMany'), named('Thread')],
      discoverable: ['files'],
    });
    const text = searchCatalog(files, 'read');
    expect(text.startsWith('## Read\n')).toBe(true);
    expect(text).not.toContain('ReadMany');
    expect(text).not.toContain('Thread');
    // Without an exact name the term matches by substring: all three contracts.
    expect(searchCatalog(files, 'rea').match(/^## .*/gm)).toEqual([
      '## Read',
      '## ReadMany',
      '## Thread',
    ]);
  });

  it('returns a contract for each of two or three matches, and calling shapes from four on', () => {
    const two = searchCatalog(catalog, 'Imenu Treesitter');
    expect(two.match(/^## /gm)).toEqual(['## ', '## ']);
    expect(two).toContain('Manual: toolcall://tools/Imenu.md');
    expect(two).toContain('Manual: toolcall://tools/Treesitter.md');
    const three = searchCatalog(catalog, 'Imenu Treesitter Report00');
    expect(three.match(/^## /gm)).toHaveLength(3);
    const four = searchCatalog(catalog, 'Imenu Treesitter Report00 Report01').split('\n');
    expect(four).toEqual([
      '4 tools match:',
      '- (Imenu :file_path string) - Fast outline of a file.',
      '- (Treesitter :file_path string [:mode string]) - Syntax tree of a file.',
      '- (Report00) - Builds a report.',
      '- (Report01) - Builds a report.',
      '',
      'Search again with one or two exact names for their full contracts.',
    ]);
  });

  it('suggests at most 20 sorted categories and groups', () => {
    const many = Array.from(
      { length: 30 },
      (_, index) =>
        defineTool({
          name: `Tool${index}`,
          description: 'Works.',
          groups: [`group-${String(index).padStart(2, '0')}`],
          args: z.object({}),
          handler: () => 'ok',
        }) as unknown as Tool,
    );
    const wide = createCatalog({
      tools: many,
      discoverable: many.map((_, index) => `group-${String(index).padStart(2, '0')}`),
    });
    const text = searchCatalog(wide, 'zzz');
    const offered = text.slice(text.indexOf(': ') + 2, -1).split(', ');
    expect(offered).toHaveLength(20);
    expect(offered).toEqual([...offered].sort());
    expect(offered[0]).toBe('group-00');
  });

  it('says what a query needs when it is blank', () => {
    expect(searchCatalog(catalog, '   ')).toBe(
      'The query is empty: give one or more tool names, words, categories or groups.',
    );
  });

  it('suggests nothing for an empty catalog', () => {
    expect(searchCatalog(createCatalog({ tools: [imenu] }), 'imenu')).toBe(
      'No tools match "imenu". The catalog is empty.',
    );
  });
});

describe('createToolSearchTool', () => {
  it('answers from the calling request catalog and grants nothing', async () => {
    const narrow = createCatalog({ tools: [imenu, treesitter], discoverable: [] });
    const pipeline = createPipeline({
      tools: [imenu, createToolSearchTool({ catalog: () => narrow })],
    });
    const outcome = await pipeline.runTool({
      name: 'ToolSearch',
      input: { query: 'Imenu' },
      toolUseId: 's1',
    }).outcome;
    expect([outcome.status, outcome.result]).toEqual([
      'success',
      'No tools match "Imenu". The catalog is empty.',
    ]);
  });
});
