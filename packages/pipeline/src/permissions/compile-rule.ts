import { compileMatcher, type NameMatcher } from '../matcher.js';
import { normalizePathGlob } from './canonical-path.js';
import { compileGlob } from './glob.js';
import { firstWordGlob } from './segment-rules.js';
import type { PermissionRule, PermissionVerdict } from './types.js';

/** The fact a rule's specifier names. */
export type Specifier = 'path' | 'pattern' | 'domain' | 'name';

/** A rule compiled once: its matchers and its shared, frozen verdict. */
export interface CompiledRule {
  readonly rule: PermissionRule;
  readonly matchesTool: NameMatcher;
  readonly specifier: Specifier | undefined;
  readonly matchesValue: RegExp | undefined;
  /** For a pattern rule: its first word, tested against a dynamic segment's name. */
  readonly firstWord: RegExp | undefined;
  readonly verdict: PermissionVerdict;
}

/** Every specifier, in the order a rule's description names them. */
export const SPECIFIERS: readonly Specifier[] = ['path', 'pattern', 'domain', 'name'];
const RULE_KEYS = new Set(['tool', ...SPECIFIERS, 'action']);

/** Checks and compiles one rule; throws a TypeError naming what is wrong. */
export function compileRule(rule: PermissionRule): CompiledRule {
  if (typeof rule !== 'object' || rule === null) {
    throw new TypeError(`permission rule: expected an object, received ${typeof rule}`);
  }
  for (const key of Object.keys(rule)) {
    if (!RULE_KEYS.has(key)) throw new TypeError(`permission rule: unknown key \`${key}\``);
  }
  if (rule.action !== 'allow' && rule.action !== 'ask' && rule.action !== 'deny') {
    throw new TypeError(
      `permission rule: action must be allow, ask or deny, received ${rule.action}`,
    );
  }
  const present = SPECIFIERS.filter((key) => rule[key] !== undefined);
  if (present.length > 1) {
    throw new TypeError(`permission rule: one specifier per rule, received ${present.join(', ')}`);
  }
  const specifier = present[0];
  const value = specifier === undefined ? undefined : rule[specifier];
  if (value !== undefined && typeof value !== 'string') {
    throw new TypeError(`permission rule: ${specifier} must be a string glob`);
  }
  const frozen = Object.freeze({ ...rule });
  return {
    rule: frozen,
    verdict: Object.freeze({
      decision: rule.action,
      reason: describeRule(frozen),
      source: 'rule',
      rule: frozen,
    }),
    matchesTool: compileMatcher(rule.tool),
    specifier,
    matchesValue:
      value === undefined
        ? undefined
        : specifier === 'path'
          ? compileGlob(normalizePathGlob(value))
          : compileGlob(value, { anySeparator: true }),
    firstWord: specifier === 'pattern' ? firstWordGlob(value!) : undefined,
  };
}

/** A rule as reasons name it: `deny rule for Bash pattern rm*`. */
export function describeRule(rule: PermissionRule): string {
  const specifier = SPECIFIERS.find((key) => rule[key] !== undefined);
  const target = specifier === undefined ? '' : ` ${specifier} ${rule[specifier]}`;
  return `${rule.action} rule for ${rule.tool ?? '*'}${target}`;
}
