import { RenderError } from '../errors.js';
import type { RenderData } from '../rendering.js';
import type { RenderResult } from '../result.js';
import { DEFAULT_MAX_PAYLOAD_CHARS } from './markers.js';

/** Options for checking render data. */
export interface RenderDataOptions {
  /** Reject render data whose JSON is longer than this (default 1 MiB). */
  readonly maxPayloadChars?: number;
  /** The owning call, named in errors. */
  readonly callId?: string;
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

function fail(message: string, callId: string | undefined): RenderResult<never> {
  return {
    success: false,
    error: new RenderError('invalid-render-data', message, callId === undefined ? {} : { callId }),
  };
}

/**
 * Serializes render data to the JSON a block carries, with `<` and `>` escaped; fails when it is
 * not a plain object of JSON values or its JSON is over the size bound.
 */
export function serializeRenderData(
  data: unknown,
  options: RenderDataOptions = {},
): RenderResult<string> {
  if (!isPlainObject(data)) return fail('Render data must be a plain JSON object', options.callId);
  const bad = findNonJson(data, 'renderData', new Set());
  if (bad !== null) return fail(`${bad} is not a JSON value`, options.callId);
  const json = JSON.stringify(data).replace(/[<>]/g, (c) => (c === '<' ? '\\u003c' : '\\u003e'));
  const max = options.maxPayloadChars ?? DEFAULT_MAX_PAYLOAD_CHARS;
  if (json.length > max) {
    return fail(
      `Render data is ${json.length} characters of JSON, over the ${max} limit`,
      options.callId,
    );
  }
  return { success: true, value: json };
}

/**
 * Checks a handler's or transform's render data: a plain object of JSON values whose JSON fits
 * the size bound (transforms must return small metadata, not copies of the result).
 */
export function validateRenderData(
  data: unknown,
  options: RenderDataOptions = {},
): RenderResult<RenderData> {
  const json = serializeRenderData(data, options);
  return json.success ? { success: true, value: data as RenderData } : json;
}
