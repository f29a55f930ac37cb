import { describe, expect, it } from 'vitest';
import { LANGUAGE_IDS, languageById } from './languages.js';
import { collectOutline } from './outline/collect.js';
import { RULES } from './outline/rules-for.js';
import { withTree } from './tree-cache.js';
import { loadLanguage } from './warm-up.js';
import { WARM_UP_SAMPLES } from './warm-up-samples.js';

describe('WARM_UP_SAMPLES', () => {
  // A sample with a syntax error would warm up error recovery instead of ordinary parsing.
  for (const id of LANGUAGE_IDS) {
    it(`is a ${id} source that parses without errors and has an outline`, async () => {
      const found = await withTree(undefined, languageById(id), WARM_UP_SAMPLES[id], (tree) => ({
        hasError: tree.rootNode.hasError,
        entries: collectOutline(tree, RULES[id], WARM_UP_SAMPLES[id]).length,
      }));
      expect(found.hasError).toBe(false);
      expect(found.entries).toBeGreaterThan(0);
    });
  }
});

describe('loadLanguage', () => {
  it('warms a grammar up once, however often or concurrently it is asked', async () => {
    const first = loadLanguage('css');
    expect(loadLanguage('css')).toBe(first);
    await first;
    expect(loadLanguage('css')).toBe(first);
  });
});
