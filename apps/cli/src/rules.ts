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

/** The network tools: asked by default unless a rule names them. */
const NETWORK_TOOLS = ['WebFetch', 'WebSearch'];

/** Rules from all sources, plus the defaults for tools no rule names (network is asked). */
export function withDefaults(rules: readonly PermissionRule[]): PermissionRule[] {
  const named = new Set(rules.flatMap((rule) => (rule.tool ?? '*').split('|')));
  const defaults = NETWORK_TOOLS.filter((tool) => !named.has(tool)).map(
    (tool): PermissionRule => ({ tool, action: 'ask' }),
  );
  return [...rules, ...defaults];
}
