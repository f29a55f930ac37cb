import { RenderError } from '../errors.js';
import type { RenderData } from '../rendering.js';
import type { RenderResult } from '../result.js';
import { type DecodeOptions, extractRenderData } from './decode.js';
import {
  CLOSE_MARKER,
  DEFAULT_MAX_PAYLOAD_CHARS,
  isValidOwnerId,
  OPEN_PREFIX,
  OPEN_SUFFIX,
} from './markers.js';

/** Options for encoding render data. */
export interface EncodeOptions {
  /** Reject payloads whose JSON is longer than this (default 1 MiB). */
  readonly maxPayloadChars?: number;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Returns the path of the first value JSON would not carry back unchanged, or null. */
function findNonJson(value: unknown, path: string, seen: Set<object>): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  // -0 is a JSON number too; it comes back as 0.
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (typeof value !== 'object') return path;
  if (seen.has(value)) return path;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const bad = findNonJson(value[index], `${path}[${index}]`, seen);
      if (bad !== null) return bad;
    }
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const bad = findNonJson(item, `${path}.${key}`, seen);
      if (bad !== null) return bad;
    }
  } else {
    return path;
  }
  seen.delete(value);
  return null;
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
  if (!isPlainObject(data)) {
    return {
      success: false,
      error: new RenderError('invalid-render-data', 'Render data must be a plain JSON object', {
        callId: id,
      }),
    };
  }
  const bad = findNonJson(data, 'renderData', new Set());
  if (bad !== null) {
    return {
      success: false,
      error: new RenderError('invalid-render-data', `${bad} is not a JSON value`, { callId: id }),
    };
  }
  const json = JSON.stringify(data).replace(/[<>]/g, (c) => (c === '<' ? '\\u003c' : '\\u003e'));
  const max = options.maxPayloadChars ?? DEFAULT_MAX_PAYLOAD_CHARS;
  if (json.length > max) {
    return {
      success: false,
      error: new RenderError(
        'invalid-render-data',
        `Render data is ${json.length} characters of JSON, over the ${max} limit`,
        { callId: id },
      ),
    };
  }
  return { success: true, value: `${OPEN_PREFIX}${id}${OPEN_SUFFIX}\n${json}\n${CLOSE_MARKER}` };
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
