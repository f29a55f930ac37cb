import type { ToolAnnotations } from './tool-types.js';
/** Throws a TypeError naming the first key of `definition` outside `allowed`. */
export function rejectUnknownKeys(
  where: string,
  definition: object,
  allowed: ReadonlySet<string>,
): void {
  for (const key of Object.keys(definition)) {
    if (!allowed.has(key)) {
      throw new TypeError(
        `${where}: unknown key \`${key}\`; expected one of ${[...allowed].join(', ')}`,
      );
    }
  }
}

/** Throws unless `value` is a boolean or undefined. */
const ANNOTATION_KEYS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

/** Checks `annotations`: an object of the four MCP hints, each a boolean. */
export function checkAnnotations(where: string, value: unknown): ToolAnnotations | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${where}: \`annotations\` must be an object of MCP hints`);
  }
  const hints: Record<string, boolean> = {};
  for (const [key, hint] of Object.entries(value)) {
    if (!ANNOTATION_KEYS.includes(key)) {
      throw new TypeError(
        `${where}: unknown annotation \`${key}\`; expected ${ANNOTATION_KEYS.join(', ')}`,
      );
    }
    if (typeof hint !== 'boolean') {
      throw new TypeError(`${where}: annotation \`${key}\` must be a boolean`);
    }
    hints[key] = hint;
  }
  return Object.freeze(hints);
}

export function checkBoolean(where: string, key: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') {
    throw new TypeError(`${where}: \`${key}\` must be a boolean, received ${typeof value}`);
  }
  return value;
}

/** Throws unless `value` is a function or undefined. */
export function checkFunction<F>(where: string, key: string, value: unknown): F | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') {
    throw new TypeError(`${where}: \`${key}\` must be a function, received ${typeof value}`);
  }
  return value as F;
}

/** Throws unless `value` is a non-empty string. */
export function checkText(where: string, key: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(
      `${where}: \`${key}\` must be a non-empty string, received ${typeof value}`,
    );
  }
  return value;
}

/** Throws unless `value` is a positive integer or undefined. */
export function checkLimit(where: string, key: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new TypeError(
      `${where}: \`${key}\` must be a positive integer, received ${String(value)}`,
    );
  }
  return value;
}

/** Throws unless `value` is an array of strings; returns a frozen copy. */
export function checkGroups(where: string, value: unknown): readonly string[] {
  if (value === undefined) return Object.freeze([]);
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new TypeError(`${where}: \`groups\` must be an array of strings`);
  }
  return Object.freeze([...value]);
}

const PERMISSION_KEYS = new Set([
  'path',
  'paths',
  'pattern',
  'domain',
  'name',
  'commands',
  'mustAsk',
  'shell',
  'planAware',
]);
const PERMISSION_FLAGS = new Set(['shell', 'planAware']);

/** Validates the permission extractors object and returns a frozen copy. */
export function checkPermission<P extends object>(where: string, value: unknown): P {
  if (value === undefined) return Object.freeze({}) as P;
  if (typeof value !== 'object' || value === null) {
    throw new TypeError(`${where}: \`permission\` must be an object of extractor functions`);
  }
  rejectUnknownKeys(`${where} permission`, value, PERMISSION_KEYS);
  const copy: Record<string, unknown> = {};
  for (const [key, extractor] of Object.entries(value)) {
    if (PERMISSION_FLAGS.has(key)) {
      if (extractor !== undefined && typeof extractor !== 'boolean') {
        throw new TypeError(
          `${where}: \`permission.${key}\` must be a boolean, received ${typeof extractor}`,
        );
      }
      copy[key] = extractor === true;
    } else {
      copy[key] = checkFunction(where, `permission.${key}`, extractor);
    }
  }
  return Object.freeze(copy) as P;
}
