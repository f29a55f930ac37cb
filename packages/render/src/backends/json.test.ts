import { describe, expect, it } from 'vitest';
import { makeRow, makeTree } from '../testing/fixtures.js';
import { renderJson } from './json.js';

describe('renderJson', () => {
  it('serializes the tree so that parsing gives it back', () => {
    const tree = makeTree(makeRow({ header: 'h', expanded: true, body: 'b', children: [] }));
    expect(JSON.parse(renderJson(tree))).toEqual(tree);
    expect(renderJson(makeTree(), { space: 1 })).toBe(
      '{\n "version": 1,\n "items": [],\n "warnings": []\n}',
    );
  });
});
