import type { RenderData } from '../rendering.js';
import type { RenderResult } from '../result.js';
import { type DecodeOptions, extractRenderData } from './decode.js';
import { CLOSE_MARKER, isValidOwnerId, OPEN_PREFIX, OPEN_SUFFIX } from './markers.js';
import { serializeRenderData } from './validate-render-data.js';

/** Options for encoding render data. */
export interface EncodeOptions {
  /** Reject payloads whose JSON is longer than this (default 1 MiB). */
  readonly maxPayloadChars?: number;
}

/**
 * Encodes `data` as a hidden block owned by `id`; `<` and `>` in the JSON are escaped so the
 * payload can never contain marker-shaped text.
 */
export function encodeRenderData(
  id: string,
  data: RenderData,
  options: EncodeOptions = {},
): RenderResult<string> {
  if (!isValidOwnerId(id)) {
    throw new TypeError(
      `encodeRenderData: id must be 1-256 printable ASCII characters without space, quote, backslash or angle brackets, got ${JSON.stringify(id)}`,
    );
  }
  const json = serializeRenderData(data, { ...options, callId: id });
  if (!json.success) return json;
  return {
    success: true,
    value: `${OPEN_PREFIX}${id}${OPEN_SUFFIX}\n${json.value}\n${CLOSE_MARKER}`,
  };
}

/** Appends `data` to a result as a hidden block owned by `id`, joined by one newline. */
export function appendRenderData(
  text: string,
  id: string,
  data: RenderData,
  options: EncodeOptions = {},
): RenderResult<string> {
  const block = encodeRenderData(id, data, options);
  return block.success ? { success: true, value: `${text}\n${block.value}` } : block;
}

/**
 * Replaces the render data owned by `id` in `text` (live updates, terminal settlement): the
 * owner's blocks are removed and one new block is appended; other text stays as it was.
 */
export function replaceRenderData(
  text: string,
  id: string,
  data: RenderData,
  options: EncodeOptions & DecodeOptions = {},
): RenderResult<string> {
  return appendRenderData(extractRenderData(text, id, options).text, id, data, options);
}
