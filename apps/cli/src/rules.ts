import type { PermissionRule } from '@toolcall/pipeline';

/** Rules are read the same way in every host: by the pipeline's `parsePermissionRule`. */
export { parsePermissionRule as parseRule } from '@toolcall/pipeline';

const SPECIFIERS = ['path', 'domain', 'name', 'pattern'] as const;

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
