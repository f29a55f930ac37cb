/** A compiled tool-name matcher. */
export type NameMatcher = (name: string) => boolean;

const matchAll: NameMatcher = () => true;

/** Compiles a matcher: empty or `*` = all; `A|B` = exact names; anything else = a regexp. */
export function compileMatcher(matcher: string | undefined): NameMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return matchAll;
  if (/^[A-Za-z0-9_|/.-]+$/.test(matcher)) {
    const names = new Set(matcher.split('|'));
    return (name) => names.has(name);
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(matcher);
  } catch {
    throw new TypeError(`matcher: expected a tool name, A|B or a regexp, received ${matcher}`);
  }
  return (name) => pattern.test(name);
}
