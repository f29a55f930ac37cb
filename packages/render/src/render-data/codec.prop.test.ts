import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  markerShapedTextArbitrary,
  ownerIdArbitrary,
  renderDataArbitrary,
} from '../testing/arbitraries.js';
import { extractRenderData, findRenderDataBlocks, scrubRenderData } from './decode.js';
import { appendRenderData, encodeRenderData } from './encode.js';

describe('render-data codec properties', () => {
  test.prop([markerShapedTextArbitrary, ownerIdArbitrary, renderDataArbitrary])(
    'extract(append(text, id, data), id) gives back the text and the data',
    (text, id, data) => {
      const appended = appendRenderData(text, id, data);
      expect(appended.success).toBe(true);
      if (!appended.success) return;
      // JSON meaning is what round-trips (-0 comes back as 0).
      expect(extractRenderData(appended.value, id)).toEqual({
        text,
        data: JSON.parse(JSON.stringify(data)),
      });
    },
  );

  test.prop([markerShapedTextArbitrary, ownerIdArbitrary])(
    'arbitrary text never loses a character',
    (text, id) => {
      expect(findRenderDataBlocks(text)).toEqual([]);
      expect(extractRenderData(text, id)).toEqual({ text, data: null });
      expect(scrubRenderData(text, id)).toBe(text);
    },
  );

  test.prop([
    markerShapedTextArbitrary,
    markerShapedTextArbitrary,
    ownerIdArbitrary,
    ownerIdArbitrary,
    renderDataArbitrary,
  ])(
    'scrubbing removes the owner’s block and keeps every other character',
    (before, after, id, other, data) => {
      fc.pre(id !== other);
      const block = encodeRenderData(id, data);
      if (!block.success) return;
      const text = `${before}${block.value}${after}`;
      expect(scrubRenderData(text, other)).toBe(text);
      const expected = after === '' && before.endsWith('\n') ? before.slice(0, -1) : before;
      expect(scrubRenderData(text, id)).toBe(`${expected}${after}`);
    },
  );
});
