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

class TooLarge extends Error {}

// The running size estimate of the copy in progress: a module counter rather than an object
// allocated per call (the copy is synchronous, so calls never interleave).
let used = 0;

function charge(bounds: AuditBounds, amount: number): void {
  used += amount;
  if (used > bounds.argumentsSize) throw new TooLarge();
}

// One pass: copies with long strings truncated and counts an estimate of the serialized size.
function boundedCopy(value: unknown, bounds: AuditBounds, depth: number): unknown {
  if (depth > bounds.argumentsDepth) throw new TooLarge();
  if (typeof value === 'string') {
    const kept =
      value.length > bounds.argumentString
        ? `${value.slice(0, bounds.argumentString)}… [${value.length - bounds.argumentString} more characters]`
        : value;
    charge(bounds, kept.length + 2);
    return kept;
  }
  if (Array.isArray(value)) {
    used += 2;
    const copy = value.map((item) => boundedCopy(item, bounds, depth + 1));
    charge(bounds, 0);
    return copy;
  }
  if (isPlainObject(value)) {
    used += 2;
    const copy: Record<string, unknown> = {};
    for (const key in value) {
      used += key.length + 4;
      copy[key] = boundedCopy(value[key], bounds, depth + 1);
    }
    charge(bounds, 0);
    return copy;
  }
  charge(bounds, 8);
  return value;
}

/**
 * The common arguments, a flat object of short strings, numbers, booleans and nulls, copied
 * in one loop; undefined for anything else, which takes the general copy. Both give the
 * same copy and the same size estimate.
 */
function flatCopy(args: Record<string, unknown>, bounds: AuditBounds): JsonObject | undefined {
  const copy: Record<string, JsonValue> = {};
  let size = 2;
  for (const key in args) {
    const value = args[key];
    if (typeof value === 'string') {
      if (value.length > bounds.argumentString) return undefined;
      size += value.length + 2;
    } else if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
      size += 8;
    } else return undefined;
    if (key === '__proto__') return undefined;
    size += key.length + 4;
    copy[key] = value;
  }
  return size > bounds.argumentsSize ? undefined : copy;
}

/** A bounded copy of a call's arguments: long strings truncated; too large or deep aggregates dropped (`null`). */
export function boundArguments(args: unknown, bounds: AuditBounds): JsonObject | null {
  if (!isPlainObject(args)) return null;
  return flatCopy(args, bounds) ?? boundedArguments(args, bounds);
}

/**
 * `boundArguments` for arguments the interpreter built, which are always a fresh plain object:
 * the prototype check is skipped (`Object.getPrototypeOf` took a runtime call each time).
 */
export function boundGuestArguments(
  args: Record<string, unknown>,
  bounds: AuditBounds,
): JsonObject | null {
  return flatCopy(args, bounds) ?? boundedArguments(args, bounds);
}

/** `boundArguments` by its general copy alone (exported for the fast path's tests). */
export function boundedArguments(
  args: Record<string, unknown>,
  bounds: AuditBounds,
): JsonObject | null {
  used = 0;
  try {
    return boundedCopy(args, bounds, 0) as JsonObject;
  } catch (error) {
    if (error instanceof TooLarge) return null;
    throw error;
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

/** A bounded preview of a result as text (JSON for anything but a string). */
export function resultPreview(result: unknown, limit: number): string {
  const text = typeof result === 'string' ? result : JSON.stringify(result);
  return previewText(text ?? '', limit);
}

/** A bounded text preview: the head, then how much was left out. */
export function previewText(text: string, limit: number): string {
  return text.length <= limit
    ? text
    : `${text.slice(0, limit)}… [${text.length - limit} more characters]`;
}

/** The JSON form of a result for the audit (strings stay strings). */
export function jsonResult(result: unknown): JsonValue {
  if (typeof result === 'string') return result;
  if (result === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(result)) as JsonValue;
  } catch {
    return String(result);
  }
}

/** UTF-8 bytes of a string, counted the way the interpreter charges its value budget. */
export { utf8Length } from '@toolcall/interpreter';
