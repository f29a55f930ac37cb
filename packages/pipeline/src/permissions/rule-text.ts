import type { PermissionRule } from './types.js';

/** The outcome of reading one rule written as text. */
export type PermissionRuleText =
  | { readonly success: true; readonly value: PermissionRule }
  | { readonly success: false; readonly error: string };

const SPECIFIERS = ['path', 'domain', 'name'] as const;

/**
 * Reads a rule the way every host takes it: `TOOL`, `TOOL(SPEC)` or `(SPEC)`, where SPEC is
 * `path:GLOB`, `domain:GLOB`, `name:GLOB` or a command pattern (`Bash(git log*)`). `TOOL` may be
 * `*` or `A|B`. The CLI's `--allow`, a config file and the Emacs bridge all read rules here.
 */
export function parsePermissionRule(
  text: string,
  action: PermissionRule['action'],
): PermissionRuleText {
  if (typeof text !== 'string') {
    return { success: false, error: `bad rule: expected a string, received ${typeof text}` };
  }
  const match = /^([^()]*)(?:\((.*)\))?$/s.exec(text.trim());
  if (match === null || (match[1] === '' && match[2] === undefined)) {
    return { success: false, error: `bad rule '${text}': expected TOOL or TOOL(SPEC)` };
  }
  const tool = match[1] || '*';
  const spec = match[2];
  if (spec === undefined) return { success: true, value: { tool, action } };
  if (spec === '') {
    return { success: false, error: `bad rule '${text}': the parentheses are empty` };
  }
  for (const key of SPECIFIERS) {
    if (spec.startsWith(`${key}:`)) {
      return { success: true, value: { tool, [key]: spec.slice(key.length + 1), action } };
    }
  }
  return { success: true, value: { tool, pattern: spec, action } };
}

/** Spells a rule the way `parsePermissionRule` reads it back: `TOOL` or `TOOL(SPEC)`. */
export function formatPermissionRule(rule: PermissionRule): string {
  const tool = rule.tool === undefined || rule.tool === '*' ? '' : rule.tool;
  for (const key of SPECIFIERS) {
    const value = rule[key];
    if (typeof value === 'string') return `${tool}(${key}:${value})`;
  }
  if (rule.pattern !== undefined) return `${tool}(${rule.pattern})`;
  return tool || '*';
}
