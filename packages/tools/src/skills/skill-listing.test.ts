import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { SkillCatalog, SkillEntry } from './skill-catalog.js';
import { renderSkillListing } from './skill-listing.js';

function entry(name: string, description: string): SkillEntry {
  return {
    folder: name,
    origin: 'local-toolcall',
    plugin: undefined,
    address: `skill://local-toolcall/${name}`,
    exactAddress: `skill://${name}@${'0'.repeat(64)}`,
    directory: `/private/${name}`,
    name,
    description,
    metadata: { name, description },
    body: '',
  };
}

function catalog(...skills: SkillEntry[]): SkillCatalog {
  return { skills, shadowed: [], problems: [] };
}

const HEADER =
  'Skills: load one with (Skill :skill "NAME") as the entire ToolCall expression; Read opens its files at the skill:// addresses it names.';

describe('renderSkillListing', () => {
  it('lists each winning skill as a name and its description on one line', () => {
    const listing = renderSkillListing(
      catalog(entry('pdf', 'Fill PDF\n  forms.'), entry('zip', 'Pack files.')),
      { contextWindow: 200_000 },
    );
    expect(listing).toEqual({
      text: `${HEADER}\n- pdf: Fill PDF forms.\n- zip: Pack files.`,
      listed: 2,
      omitted: 0,
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it('returns an empty listing without skills', () => {
    expect(renderSkillListing(catalog(), { contextWindow: 1000 })).toMatchObject({
      text: '',
      listed: 0,
      omitted: 0,
    });
  });

  it('cuts a long description at maxEntryChars with an ellipsis', () => {
    const listing = renderSkillListing(catalog(entry('pdf', 'x'.repeat(400))), {
      contextWindow: 200_000,
      maxEntryChars: 20,
    });
    expect(listing.text.split('\n')[1]).toBe('- pdf: xxxxxxxxxxxx…');
  });

  it('counts the skills over the budget and points to the bare skill:// listing', () => {
    const skills = Array.from({ length: 40 }, (_, index) =>
      entry(`skill-${index}`, 'A description of moderate length for the budget.'),
    );
    // 1000 tokens × 0.1 × 4 characters = 400 characters.
    const listing = renderSkillListing(catalog(...skills), { contextWindow: 1000, share: 0.1 });
    expect(listing.text.length).toBeLessThanOrEqual(400);
    expect(listing.listed).toBe(3);
    expect(listing.omitted).toBe(37);
    expect(listing.text.split('\n').at(-1)).toBe('(37 more: Read skill:// lists every skill)');
  });

  it('gives the count alone when not one skill fits, and nothing when even that does not', () => {
    const skills = [entry('pdf', 'y'.repeat(200))];
    expect(renderSkillListing(catalog(...skills), { contextWindow: 50, share: 1 })).toMatchObject({
      text: `${HEADER}\n(1 more: Read skill:// lists every skill)`,
      listed: 0,
      omitted: 1,
    });
    expect(renderSkillListing(catalog(...skills), { contextWindow: 10, share: 1 })).toMatchObject({
      text: '',
      listed: 0,
      omitted: 1,
    });
  });

  it('changes its fingerprint exactly when its text changes', () => {
    const a = renderSkillListing(catalog(entry('pdf', 'One.')), { contextWindow: 200_000 });
    const same = renderSkillListing(catalog(entry('pdf', 'One.')), { contextWindow: 100_000 });
    const b = renderSkillListing(catalog(entry('pdf', 'Two.')), { contextWindow: 200_000 });
    expect(same.fingerprint).toBe(a.fingerprint);
    expect(b.fingerprint).not.toBe(a.fingerprint);
  });

  it('throws a TypeError naming a bad option', () => {
    expect(() => renderSkillListing(catalog(), { contextWindow: 0 })).toThrow(
      'renderSkillListing: contextWindow must be a positive number, received 0',
    );
    expect(() => renderSkillListing(catalog(), { contextWindow: 10, share: 2 })).toThrow(
      'renderSkillListing: share must be at most 1, received 2',
    );
  });

  test.prop([
    fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,12}$/), fc.string({ maxLength: 300 })), {
      maxLength: 30,
    }),
    fc.integer({ min: 1, max: 20_000 }),
    fc.double({ min: 0.001, max: 1, noNaN: true }),
  ])('stays within its budget and accounts for every skill', (pairs, contextWindow, share) => {
    const listing = renderSkillListing(
      catalog(...pairs.map(([name, description]) => entry(name, description))),
      { contextWindow, share },
    );
    expect(listing.text.length).toBeLessThanOrEqual(Math.floor(contextWindow * share * 4));
    expect(listing.listed + listing.omitted).toBe(pairs.length);
  });
});
