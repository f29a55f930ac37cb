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
      fingerprint: expect.any(String),
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

  it('changes its fingerprint exactly when its text changes', () => {
    const catalog = createCatalog({ tools: many, discoverable: ['bulk'] });
    const small = renderListing(catalog, { contextWindow: 10_000 });
    const large = renderListing(catalog, { contextWindow: 200_000 });
    // A model switch changes the budget, so the listing must be delivered again.
    expect(small.text).not.toBe(large.text);
    expect(small.fingerprint).not.toBe(large.fingerprint);
    // A native tool's schema change moves the catalog fingerprint but not the listing.
    const nativeTool = (args: z.ZodObject) =>
      defineTool({
        name: 'Native',
        description: 'A native tool.',
        args,
        handler: () => 'ok',
      }) as unknown as Tool;
    const native = nativeTool(z.object({ a: z.string() }));
    const changed = nativeTool(z.object({ b: z.number() }));
    const before = createCatalog({
      tools: [...many, native],
      discoverable: ['bulk'],
      native: ['Native'],
    });
    const after = createCatalog({
      tools: [...many, changed],
      discoverable: ['bulk'],
      native: ['Native'],
    });
    expect(before.fingerprint).not.toBe(after.fingerprint);
    expect(renderListing(after, { contextWindow: 200_000 })).toEqual(
      renderListing(before, { contextWindow: 200_000 }),
    );
  });

  it('stays within a budget smaller than its header, saying how many tools were left out', () => {
    const catalog = createCatalog({ tools: many, discoverable: ['bulk'] });
    // 100 tokens × 2% × 4 characters = 8 characters: not even the count fits.
    expect(renderListing(catalog, { contextWindow: 100 })).toMatchObject({
      text: '',
      listed: 0,
      omitted: 30,
    });
    // 60 characters: the count alone.
    expect(renderListing(catalog, { contextWindow: 750 })).toMatchObject({
      text: '(30 specialist tools: use ToolSearch)',
      listed: 0,
      omitted: 30,
    });
    for (const contextWindow of [100, 500, 750, 1000, 1500, 2000, 5000]) {
      const budget = Math.floor(contextWindow * 0.02 * 4);
      expect(renderListing(catalog, { contextWindow }).text.length).toBeLessThanOrEqual(budget);
    }
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
    expect(() => renderListing(catalog, undefined as never)).toThrow(
      new TypeError(
        'renderListing: expected options { contextWindow, share?, charsPerToken? }, received undefined',
      ),
    );
    expect(() => renderListing(undefined as never, { contextWindow: 1000 })).toThrow(
      new TypeError('renderListing: expected a catalog from createCatalog as the first argument'),
    );
  });
});
