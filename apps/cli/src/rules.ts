import type { PermissionRule } from '@toolcall/pipeline';

/** A rule spelled on the command line failed to parse. */
export type RuleResult =
  | { success: true; value: PermissionRule }
  | { success: false; error: string };

const SPECIFIERS = ['path', 'domain', 'name', 'pattern'] as const;

/**
 * Parses `TOOL`, `TOOL(SPEC)` or `(SPEC)` where SPEC is `path:GLOB`, `domain:GLOB`, `name:GLOB`
 * or a command pattern (`Bash(git log*)`).
 */
export function parseRule(text: string, action: PermissionRule['action']): RuleResult {
  const match = /^([^()]*)(?:\((.*)\))?$/s.exec(text.trim());
  if (match === null || (match[1] === '' && match[2] === undefined)) {
    return { success: false, error: `bad rule '${text}': expected TOOL or TOOL(SPEC)` };
  }
  const tool = match[1] || '*';
  const spec = match[2];
  if (spec === undefined) return { success: true, value: { tool, action } };
  for (const key of SPECIFIERS) {
    if (spec.startsWith(`${key}:`)) {
      return { success: true, value: { tool, [key]: spec.slice(key.length + 1), action } };
    }
  }
  return { success: true, value: { tool, pattern: spec, action } };
}

/** The network tools: asked by default unless a rule names them with no specifier. */
const NETWORK_TOOLS = ['WebFetch', 'WebSearch'];

/**
 * Rules from all sources, plus the defaults for tools no rule names as a whole (network is
 * asked). A rule for one domain keeps the default for every other domain: it is more specific
 * than the default, so it wins where it matches.
 */
export function withDefaults(rules: readonly PermissionRule[]): PermissionRule[] {
  const whole = rules.filter((rule) => SPECIFIERS.every((key) => rule[key] === undefined));
  const named = new Set(whole.flatMap((rule) => (rule.tool ?? '*').split('|')));
  const defaults = NETWORK_TOOLS.filter((tool) => !named.has(tool)).map(
    (tool): PermissionRule => ({ tool, action: 'ask' }),
  );
  return [...rules, ...defaults];
}
