import { describe, expect, it } from 'vitest';
import type { Node } from 'web-tree-sitter';
import { languageById } from '../languages.js';
import { loadParser, parseWith } from '../load-language.js';
import { collectOutline } from './collect.js';
import type { OutlineRules } from './types.js';

// Lists every pair and object with the index the walk gives it. A pair hands over its value
// as the only body to enter, so an object there is reached without its earlier siblings.
const indexRules: OutlineRules = {
  candidates: new Set(['pair', 'object']),
  descend: new Set(['document', 'array']),
  describe: (node: Node, scope) => ({
    kind: undefined,
    name: `${scope.type}@${scope.index}`,
    body: node.type === 'pair' ? node.childForFieldName('value') : undefined,
  }),
};

describe('collectOutline', () => {
  it('gives each candidate its named-sibling index, whether walked to or entered as a body', async () => {
    const spec = languageById('json');
    const text = '[1, /* c */ {"a": {"b": 2}}, {}]';
    const tree = parseWith(await loadParser(spec), spec, text);
    try {
      const names = collectOutline(tree, indexRules, text).map((entry) => entry.name);
      // The `a` pair is the object's first named child; its value object follows the key.
      expect(names).toEqual(['object@1', 'pair@0', 'object@1', 'pair@0', 'object@2']);
    } finally {
      tree.delete();
    }
  });
});
