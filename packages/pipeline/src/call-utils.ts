import { copyJson } from './json.js';
import type { MediaReference, Tool } from './tool-types.js';

/** The shared empty media list. */
export const NO_MEDIA: readonly MediaReference[] = Object.freeze([]);

/** Whether `value` is a promise-like; lets synchronous steps skip an await. */
export function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** The message of a thrown value, without its stack. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'unknown error';
}

/** Fills declared defaults for absent keys, copying only when something is added. */
export function withDefaults(tool: Tool, args: Record<string, unknown>): Record<string, unknown> {
  let result = args;
  for (const [key, value] of tool.defaults) {
    if (key in result) continue;
    if (result === args) result = { ...args };
    result[key] = copyJson(value);
  }
  return result;
}
