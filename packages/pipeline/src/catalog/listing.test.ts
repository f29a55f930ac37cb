import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { path } from '../args-dsl.js';
import { defineTool } from '../define-tool.js';
import type { Tool } from '../tool-types.js';
import { createCatalog } from './catalog.js';
import { renderListing } from './listing.js';

const grep = defineTool({
  name: 'Grep',
  description: 'Search file contents with ripgrep. Returns matching lines.',
  groups: ['search'],
  args: z.object({
    pattern: z.string(),
    path: path().optional(),
    head_limit: z.number().int().optional(),
    glob: z.array(z.string()).optional(),
  }),
  handler: () => 'ok',
}) as unknown as Tool;
const ask = defineTool({
  name: 'Ask',
  description: 'Asks the user questions. Waits for answers.',
  groups: ['search'],
  args: z.object({ questions: z.array(z.string()) }),
  handler: () => 'ok',
}) as unknown as Tool;
const many = Array.from(
  { length: 30 },
  (_, index) =>
    defineTool({
      name: `Tool${String(index).padStart(2, '0')}`,
      description: 'Does one specialised thing for the harness.',
      groups: ['bulk'],
      args: z.object({ name: z.string() }),
      handler: () => 'ok',
    }) as unknown as Tool,
);

describe('renderListing', () => {
  it('lists non-native catalog tools as calling shapes with summaries', () => {
    const catalog = createCatalog({ tools: [grep, ask], native: [], discoverable: ['search'] });
    expect(renderListing(catalog, { contextWindow: 200_000 })).toEqual({
      text: [
        'Specialist tools callable through ToolCall (ToolSearch gives full contracts):',
        '- (Ask :questions string[]) [standalone only] - Asks the user questions.',
        '- (Grep :pattern string [:path string] [:head_limit integer] [:glob string[]]) - Search file contents with ripgrep.',
      ].join('\n'),
      listed: 2,
      omitted: 0,
      fingerprint: catalog.fingerprint,
    });
  });

  it('leaves native tools out and renders nothing when no specialist remains', () => {
    const catalog = createCatalog({ tools: [grep], native: ['Grep'] });
    expect(renderListing(catalog, { contextWindow: 200_000 }).text).toBe('');
  });

  it('counts the tools over the budget and leaves them to ToolSearch', () => {
    const catalog = createCatalog({ tools: many, discoverable: ['bulk'] });
    // 10,000 tokens × 2% × 4 characters = 800 characters.
    const listing = renderListing(catalog, { contextWindow: 10_000 });
    expect([listing.listed, listing.omitted]).toEqual([9, 21]);
    expect(listing.text.length).toBeLessThanOrEqual(800);
    expect(listing.text.split('\n').at(-1)).toBe('(21 more: use ToolSearch)');
    expect(renderListing(catalog, { contextWindow: 10_000, share: 0.1 }).omitted).toBe(0);
  });

  it('is stable for an unchanged catalog', () => {
    const options = { tools: many, discoverable: ['bulk'] };
    expect(renderListing(createCatalog(options), { contextWindow: 50_000 })).toEqual(
      renderListing(createCatalog(options), { contextWindow: 50_000 }),
    );
  });

  it('throws a TypeError naming a bad share', () => {
    const catalog = createCatalog({ tools: many });
    expect(() => renderListing(catalog, { contextWindow: 1000, share: 0 })).toThrow(
      'renderListing: share must be a positive number, received 0',
    );
    expect(() => renderListing(catalog, {} as never)).toThrow(
      'renderListing: contextWindow must be a positive number, received undefined',
    );
  });
});
