import fc from 'fast-check';
import { CLOSE_MARKER, OPEN_PREFIX } from '../render-data/markers.js';
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
  .map((parts) => parts.join(''));
