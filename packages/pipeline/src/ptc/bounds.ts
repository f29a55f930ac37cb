import { isPlainObject, type JsonObject, type JsonValue } from '../json.js';

/** Audit bounds: the audit never holds a second full copy of a child's arguments or render data. */
export interface AuditBounds {
  /** Characters kept of each argument string (default 200). */
  readonly argumentString: number;
  /** Serialized characters of one call's arguments before they are dropped whole (default 4,096). */
  readonly argumentsSize: number;
  /** Nesting depth of arguments before they are dropped whole (default 8). */
  readonly argumentsDepth: number;
  /** Serialized characters of one child's render data before it is dropped (default 4,096). */
  readonly renderDataSize: number;
  /** Characters of a direct call's redundant result preview (default 2,000). */
  readonly directPreview: number;
}

/** The default audit bounds. */
export const DEFAULT_AUDIT_BOUNDS: AuditBounds = Object.freeze({
  argumentString: 200,
  argumentsSize: 4096,
  argumentsDepth: 8,
  renderDataSize: 4096,
  directPreview: 2000,
});

function truncateStrings(value: unknown, limit: number, depth: number, max: number): unknown {
  if (depth > max) throw new RangeError('too deep');
  if (typeof value === 'string') {
    return value.length > limit
      ? `${value.slice(0, limit)}… [${value.length - limit} more characters]`
      : value;
  }
  if (Array.isArray(value))
    return value.map((item) => truncateStrings(item, limit, depth + 1, max));
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value))
      copy[key] = truncateStrings(value[key], limit, depth + 1, max);
    return copy;
  }
  return value;
}

/** A bounded copy of a call's arguments: long strings truncated; too large or deep aggregates dropped (`null`). */
export function boundArguments(args: unknown, bounds: AuditBounds): JsonObject | null {
  if (!isPlainObject(args)) return null;
  try {
    const copy = truncateStrings(args, bounds.argumentString, 0, bounds.argumentsDepth);
    const text = JSON.stringify(copy);
    return text.length > bounds.argumentsSize ? null : (copy as JsonObject);
  } catch {
    return null;
  }
}

/** Render data kept only when it is small enough; otherwise dropped whole (`null`). */
export function boundRenderData(
  data: JsonObject | undefined,
  bounds: AuditBounds,
): JsonObject | null {
  if (data === undefined) return null;
  try {
    return JSON.stringify(data).length > bounds.renderDataSize ? null : data;
  } catch {
    return null;
  }
}

/** A bounded text preview: the head, then how much was left out. */
export function previewText(text: string, limit: number): string {
  return text.length <= limit
    ? text
    : `${text.slice(0, limit)}… [${text.length - limit} more characters]`;
}

/** The JSON form of a result for the audit (strings stay strings). */
export function jsonResult(result: unknown): JsonValue {
  if (result === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(result)) as JsonValue;
  } catch {
    return String(result);
  }
}

/** UTF-8 bytes of a string, counted the way the interpreter charges its value budget. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x80)
      bytes += code >= 0x800 && (code < 0xd800 || code > 0xdfff) ? 2 : code >= 0x800 ? 0 : 1;
  }
  return bytes;
}
