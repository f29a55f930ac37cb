import { describe, expect, it } from 'vitest';
import { frozenJsonCopy } from './deep-freeze.js';

describe('frozenJsonCopy', () => {
  it('copies JSON data into fresh objects, frozen at every level, keys in order', () => {
    const source = {
      type: 'object',
      properties: { n: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: {} } },
      required: ['n'],
    };
    const copy = frozenJsonCopy(source);
    expect(copy).toEqual(source);
    expect(Object.keys(copy)).toEqual(['type', 'properties', 'required']);
    expect(copy).not.toBe(source);
    expect(copy.properties).not.toBe(source.properties);
    for (const part of [
      copy,
      copy.properties,
      copy.properties.n,
      copy.required,
      copy.properties.tags.items,
    ])
      expect(Object.isFrozen(part)).toBe(true);
    // The source is left as it was.
    expect(Object.isFrozen(source.properties)).toBe(false);
  });

  it('keeps a property named __proto__ as an own key rather than a prototype', () => {
    const source = JSON.parse('{"properties":{"__proto__":{"type":"string"}}}');
    const copy = frozenJsonCopy(source);
    expect(Object.hasOwn(copy.properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(source));
  });
});
