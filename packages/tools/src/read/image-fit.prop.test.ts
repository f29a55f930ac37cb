import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitDimensions, imageTokens } from './image-fit.js';

const side = fc.integer({ min: 1, max: 20_000 });
const bound = fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: undefined });

describe('fitDimensions', () => {
  it('scales down to fit every bound, never up, and only when needed', () => {
    fc.assert(
      fc.property(
        side,
        side,
        bound,
        bound,
        bound,
        (width, height, maxWidth, maxHeight, maxTokens) => {
          const fit = { maxWidth, maxHeight, maxTokens };
          const fits =
            (maxWidth === undefined || width <= maxWidth) &&
            (maxHeight === undefined || height <= maxHeight) &&
            (maxTokens === undefined || imageTokens(width, height) <= maxTokens);
          const size = fitDimensions(width, height, fit);
          if (fits) {
            expect(size).toBeUndefined();
            return;
          }
          expect(size).toBeDefined();
          if (size === undefined) return;
          expect(size.width).toBeGreaterThanOrEqual(1);
          expect(size.height).toBeGreaterThanOrEqual(1);
          expect(size.width).toBeLessThanOrEqual(width);
          expect(size.height).toBeLessThanOrEqual(height);
          if (maxWidth !== undefined) expect(size.width).toBeLessThanOrEqual(maxWidth);
          if (maxHeight !== undefined) expect(size.height).toBeLessThanOrEqual(maxHeight);
          if (maxTokens !== undefined) {
            expect(imageTokens(size.width, size.height)).toBeLessThanOrEqual(maxTokens);
          }
        },
      ),
    );
  });

  it('keeps the aspect ratio and meets a width bound exactly', () => {
    expect(fitDimensions(1600, 900, { maxWidth: 800 })).toEqual({ width: 800, height: 450 });
    expect(fitDimensions(900, 1600, { maxHeight: 800 })).toEqual({ width: 450, height: 800 });
    expect(fitDimensions(1600, 900, { maxWidth: 800, maxHeight: 300 })).toEqual({
      width: 533,
      height: 300,
    });
  });

  it('uses the width x height / 750 token estimate', () => {
    expect(imageTokens(750, 1)).toBe(1);
    expect(imageTokens(751, 1)).toBe(2);
    // 1000x1000 is 1334 tokens; 400 tokens allow 300,000 pixels.
    const size = fitDimensions(1000, 1000, { maxTokens: 400 });
    expect(size).toEqual({ width: 547, height: 547 });
    expect(fitDimensions(10_000, 1, { maxTokens: 1 })).toEqual({ width: 750, height: 1 });
  });
});
