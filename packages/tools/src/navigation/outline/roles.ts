import type { Language } from 'web-tree-sitter';
import type { OutlineRules } from './types.js';

/** The walk enters nodes of this type. */
export const DESCEND = 1;
/** The walk hands nodes of this type to `describe`. */
export const CANDIDATE = 2;
/** A named node other than a comment: one that counts towards its siblings' `index`. */
export const COUNTED = 4;

/** What the rules do with each node type, indexed by the parser's numeric type id. */
export interface Roles {
  readonly byId: Uint8Array;
  /** The role of ids past the table: the parser's error symbol, named `ERROR`. */
  readonly other: number;
  readonly names: readonly string[];
}

const rolesByRules = new WeakMap<OutlineRules, WeakMap<Language, Roles>>();

// Anonymous nodes are never visited, so only named types get a role.
function roleOf(rules: OutlineRules, type: string, named: boolean): number {
  if (!named) return 0;
  return (
    (rules.descend.has(type) ? DESCEND : 0) |
    (rules.candidates.has(type) ? CANDIDATE : 0) |
    (type !== 'comment' ? COUNTED : 0)
  );
}

/**
 * The roles of every node type of `language` under `rules`. A node's numeric type is one call
 * into wasm, its name the same call plus a lookup, so the table is by id, built once.
 */
export function rolesFor(rules: OutlineRules, language: Language): Roles {
  let byLanguage = rolesByRules.get(rules);
  if (byLanguage === undefined) {
    byLanguage = new WeakMap();
    rolesByRules.set(rules, byLanguage);
  }
  let roles = byLanguage.get(language);
  if (roles === undefined) {
    // The list has holes for hidden symbols; a node's type name falls back to `ERROR`.
    const names = Array.from(language.types, (type) => type || 'ERROR');
    roles = {
      byId: Uint8Array.from(names, (type, id) => roleOf(rules, type, language.nodeTypeIsNamed(id))),
      other: roleOf(rules, 'ERROR', true),
      names,
    };
    byLanguage.set(language, roles);
  }
  return roles;
}
