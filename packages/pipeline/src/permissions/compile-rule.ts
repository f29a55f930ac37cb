import { compileMatcher, type NameMatcher } from '../matcher.js';
import { normalizePathGlob, type PathBase, resolveLexically } from './canonical-path.js';
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
  /** For a path rule: how its glob is anchored (see `pathKindOf`). */
  readonly pathKind: PathKind | undefined;
  /** For a path rule anchored at `/` or `~`: the glob over absolute paths. */
  readonly absoluteGlob: RegExp | undefined;
  /** For a path rule without wildcards: the absolute file it names. */
  readonly literal: string | undefined;
  /** For a path rule with wildcards: its leading directory (absolute) and the glob after it. */
  readonly prefix: { readonly directory: string; readonly rest: string } | undefined;
  readonly verdict: PermissionVerdict;
}

/**
 * How a path glob is anchored: `relative` globs judge paths inside the workspace only,
 * `absolute` (`/…`) and `home` (`~`, `~/…`) globs judge absolute paths, `address` globs
 * (`scheme://…`) judge addresses as written.
 */
export type PathKind = 'relative' | 'absolute' | 'home' | 'address';

const WILDCARD = /[*?\\]/;

function pathKindOf(glob: string): PathKind {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(glob)) return 'address';
  if (glob.startsWith('/')) return 'absolute';
  return glob === '~' || glob.startsWith('~/') ? 'home' : 'relative';
}

function pathParts(glob: string, kind: PathKind, base: PathBase | undefined) {
  if (kind === 'address' || base === undefined) {
    return { absoluteGlob: undefined, literal: undefined, prefix: undefined };
  }
  const root = base.workspace ?? base.workingDirectory;
  const anchored =
    kind === 'absolute'
      ? glob
      : kind === 'home'
        ? `${base.homeDirectory === '/' ? '' : base.homeDirectory}${glob.slice(1)}`
        : `${root === '/' ? '' : root}/${glob}`;
  const absoluteGlob =
    kind === 'relative' ? undefined : compileGlob(normalizePathGlob(anchored || '/'));
  if (!WILDCARD.test(anchored)) {
    return { absoluteGlob, literal: resolveLexically('/', anchored), prefix: undefined };
  }
  const segments = anchored.split('/');
  const first = segments.findIndex((segment) => WILDCARD.test(segment));
  const directory = resolveLexically('/', segments.slice(0, first).join('/') || '/');
  const prefix =
    first <= 1 || directory === '/'
      ? undefined
      : { directory, rest: segments.slice(first).join('/') };
  return { absoluteGlob, literal: undefined, prefix };
}

/** Every specifier, in the order a rule's description names them. */
export const SPECIFIERS: readonly Specifier[] = ['path', 'pattern', 'domain', 'name'];
const RULE_KEYS = new Set(['tool', ...SPECIFIERS, 'action']);

/**
 * Checks and compiles one rule; throws a TypeError naming what is wrong. `base` anchors path
 * globs (`~` at the home directory, relative ones at the workspace).
 */
export function compileRule(rule: PermissionRule, base?: PathBase): CompiledRule {
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
  const glob = specifier === 'path' ? normalizePathGlob(value!) : undefined;
  const pathKind = glob === undefined ? undefined : pathKindOf(glob);
  const parts =
    glob === undefined
      ? { absoluteGlob: undefined, literal: undefined, prefix: undefined }
      : pathParts(glob, pathKind!, base);
  return {
    ...parts,
    pathKind,
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
        : glob !== undefined
          ? compileGlob(glob)
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
