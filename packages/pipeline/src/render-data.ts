import { isPlainObject, type JsonObject } from './json.js';

/** The largest render data a render transform may return, in serialized characters. */
export const RENDER_TRANSFORM_LIMIT = 4096;

function isJson(value: unknown, depth: number): boolean {
  if (depth > 32) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  if (!isPlainObject(value)) return false;
  for (const key of Object.keys(value)) if (!isJson(value[key], depth + 1)) return false;
  return true;
}

/** Whether `value` is well-formed render data: a plain JSON object. */
export function isRenderData(value: unknown): value is JsonObject {
  return isPlainObject(value) && isJson(value, 0);
}

/** Render data without any handler-authored `permissionApprovals`, which only settlement writes. */
export function withoutApprovals(data: JsonObject | undefined): JsonObject | undefined {
  if (data === undefined || !('permissionApprovals' in data)) return data;
  const { permissionApprovals: _dropped, ...rest } = data;
  return rest;
}
