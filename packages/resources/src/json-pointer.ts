/** Why a JSON pointer did not select a value. */
export type PointerMiss = { readonly missing: true };

const miss: PointerMiss = Object.freeze({ missing: true });

/** Selects the value an RFC 6901 pointer names; a missing member is distinct from `null`. */
export function selectPointer(
  document: unknown,
  tokens: readonly string[],
): { value: unknown } | PointerMiss {
  let current: unknown = document;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= current.length) return miss;
      current = current[Number(token)];
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else {
      return miss;
    }
  }
  return { value: current };
}

/** Renders a selected JSON value: scalars as readable text, arrays and objects as indented JSON. */
export function renderJsonValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value, null, 2);
  return String(value);
}
