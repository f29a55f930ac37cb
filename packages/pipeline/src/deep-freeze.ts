/** Freezes `value` and everything reachable from it, then returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/**
 * A frozen copy of JSON data built from fresh literals. A schema lowered by deleting keys is
 * left in V8's slow dictionary mode, and every reader of it (the interpreter projecting a
 * call's arguments, a validator, a catalog listing) then reads it through a generic lookup;
 * the copy is in fast mode.
 */
export function frozenJsonCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map((item) => frozenJsonCopy(item))) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = frozenJsonCopy((value as Record<string, unknown>)[key]);
    // A plain assignment would set the prototype instead of making an own `__proto__` key.
    if (key === '__proto__')
      Object.defineProperty(copy, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else copy[key] = item;
  }
  return Object.freeze(copy) as T;
}
