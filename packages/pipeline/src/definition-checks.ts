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

const PERMISSION_KEYS = new Set(['path', 'paths', 'pattern', 'domain', 'name']);

/** Validates the permission extractors object and returns a frozen copy. */
export function checkPermission<P extends object>(where: string, value: unknown): P {
  if (value === undefined) return Object.freeze({}) as P;
  if (typeof value !== 'object' || value === null) {
    throw new TypeError(`${where}: \`permission\` must be an object of extractor functions`);
  }
  rejectUnknownKeys(`${where} permission`, value, PERMISSION_KEYS);
  const copy: Record<string, unknown> = {};
  for (const [key, extractor] of Object.entries(value)) {
    copy[key] = checkFunction(where, `permission.${key}`, extractor);
  }
  return Object.freeze(copy) as P;
}
