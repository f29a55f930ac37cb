import fc from 'fast-check';
import { CLOSE_MARKER, isValidOwnerId, OPEN_PREFIX, OPEN_SUFFIX } from '../render-data/markers.js';
import type { RenderData } from '../rendering.js';

/** Owner ids of the shapes tool-use ids take (`toolu_01…`, `call_…`, `ENVELOPE/3`). */
export const ownerIdArbitrary = fc.stringMatching(/^[A-Za-z0-9_.:/-]{1,40}$/);

/** Render data: a JSON object with arbitrary keys and JSON values. */
export const renderDataArbitrary: fc.Arbitrary<RenderData> = fc.dictionary(
  fc.string({ unit: 'binary' }),
  fc.jsonValue(),
) as fc.Arbitrary<RenderData>;

/** Fragments that look like parts of a render-data block without being a valid one. */
const markerFragments = fc.constantFrom(
  OPEN_PREFIX,
  '" -->',
  CLOSE_MARKER,
  '<!-- toolcall-render-data id="x" -->',
  '<!-- toolcall-render-data id="x" -->{"a":',
  '<!-- toolcall-render-data id="x" -->[1]<!-- /toolcall-render-data -->',
  '<!-- toolcall-render-data id="x" -->{"a":1} trailing <!-- /toolcall-render-data -->',
  '{',
  '}',
  '"',
  '\\',
  '\n',
);

/** Arbitrary text dense in marker-shaped fragments, with no valid block in it. */
export const markerShapedTextArbitrary = fc
  .array(fc.oneof(fc.string({ unit: 'binary' }), markerFragments), { maxLength: 12 })
  .map((parts) => parts.join(''))
  // Fragments can join into a real block (an opening marker, `{`, `}`, the closing marker):
  // such a text is not arbitrary text any more.
  .filter((text) => !holdsWellFormedBlock(text));

/**
 * Whether `text` holds an opening marker with a valid owner id, then a JSON object, then the
 * closing marker: a block a decoder may rightly find.
 */
function holdsWellFormedBlock(text: string): boolean {
  let from = text.indexOf(OPEN_PREFIX);
  while (from !== -1) {
    const idEnd = text.indexOf(OPEN_SUFFIX, from + OPEN_PREFIX.length);
    const close = idEnd === -1 ? -1 : text.indexOf(CLOSE_MARKER, idEnd);
    if (close !== -1 && isValidOwnerId(text.slice(from + OPEN_PREFIX.length, idEnd))) {
      try {
        const value: unknown = JSON.parse(text.slice(idEnd + OPEN_SUFFIX.length, close));
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) return true;
      } catch {
        // Not JSON: not a block.
      }
    }
    from = text.indexOf(OPEN_PREFIX, from + 1);
  }
  return false;
}
