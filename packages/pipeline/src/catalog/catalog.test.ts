import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import type { Tool } from '../tool-types.js';
import { wrapTool } from '../wrap-tool.js';
import { createCatalog } from './catalog.js';

function tool(name: string, groups: string[] = [], summary = `${name} things.`): Tool {
  return defineTool({
    name,
    description: summary,
    groups,
    args: z.object({}),
    handler: () => 'ok',
  }) as unknown as Tool;
}

const search = wrapTool({
  category: 'github',
  name: 'search',
  description: 'Search code on GitHub.',
  groups: ['web'],
  source: () => ({ inputSchema: { type: 'object', properties: {} }, call: () => 'ok' }),
});
const registry = [
  tool('Read'),
  tool('Bash'),
  tool('Ask', ['interaction']),
  tool('Imenu', ['code']),
  tool('Treesitter', ['code']),
  tool('ListAgents', ['agents', 'code']),
  tool('ToolCall'),
  tool('ToolSearch'),
  search,
];
const summary = (catalog: ReturnType<typeof createCatalog>) =>
  catalog.entries.map((entry) => [entry.tool.name, entry.native, entry.standaloneOnly]);

describe('createCatalog', () => {
  it('holds the native tools plus the tools of discoverable groups, sorted by name', () => {
    const catalog = createCatalog({
      tools: registry,
      native: ['Read', 'Bash', 'ToolCall', 'ToolSearch'],
      discoverable: [{ discoverable: 'code' }, 'interaction', 'web'],
    });
    expect(summary(catalog)).toEqual([
      ['Ask', false, true],
      ['Bash', true, false],
      ['Imenu', false, false],
      ['ListAgents', false, false],
      ['Read', true, false],
      ['Treesitter', false, false],
      ['github/search', false, true],
    ]);
    expect(catalog.native.map((entry) => entry.name)).toEqual([
      'Read',
      'Bash',
      'ToolCall',
      'ToolSearch',
    ]);
    expect(catalog.entry('github/search')?.tool.category).toBe('github');
    expect(catalog.entry('ToolCall')).toBeUndefined();
  });

  it('never lets a hidden native tool reappear through a discoverable group', () => {
    const catalog = createCatalog({
      tools: [...registry, tool('Grep', ['code'])],
      native: ['Read', 'Grep'],
      hidden: ['Grep', 'ListAgents'],
      discoverable: ['code'],
    });
    expect(summary(catalog)).toEqual([
      ['Imenu', false, false],
      ['Read', true, false],
      ['Treesitter', false, false],
    ]);
    expect(catalog.native.map((entry) => entry.name)).toEqual(['Read']);
  });

  it('keeps a tool whose name the dialect reserves out of the catalog, native only', () => {
    const catalog = createCatalog({
      tools: [...registry, tool('length')],
      native: ['Read', 'length'],
    });
    expect(summary(catalog)).toEqual([['Read', true, false]]);
    expect(catalog.native.map((entry) => entry.name)).toEqual(['Read', 'length']);
  });

  it('requires a registered implementation for native membership, not merely the name', () => {
    const catalog = createCatalog({ tools: registry, native: ['Read', 'Glob'] });
    expect(summary(catalog)).toEqual([['Read', true, false]]);
  });

  it('admits configured names for composition: Ask-style and wrapped tools are otherwise standalone-only', () => {
    const catalog = createCatalog({
      tools: registry,
      discoverable: ['interaction', 'web'],
      composable: ['github/search'],
    });
    expect(summary(catalog)).toEqual([
      ['Ask', false, true],
      ['github/search', false, false],
    ]);
  });

  it('changes its fingerprint only when the catalog changes', () => {
    const options = { tools: registry, native: ['Read'], discoverable: ['code'] };
    expect(createCatalog(options).fingerprint).toBe(createCatalog({ ...options }).fingerprint);
    expect(createCatalog(options).fingerprint).not.toBe(
      createCatalog({ ...options, hidden: ['Imenu'] }).fingerprint,
    );
  });

  it('throws a TypeError naming a duplicate tool name', () => {
    expect(() => createCatalog({ tools: [...registry, registry[0] as Tool] })).toThrow(
      new TypeError(
        `createCatalog: two tools are named "${registry[0]?.name}"; expected unique names`,
      ),
    );
  });

  it('throws a TypeError for a malformed discoverable entry', () => {
    expect(() => createCatalog({ tools: registry, discoverable: [{} as never] })).toThrow(
      'createCatalog: discoverable entries must be GROUP or { discoverable: GROUP }, received {}',
    );
  });
});
