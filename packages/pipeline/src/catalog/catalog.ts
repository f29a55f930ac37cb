import { stableStringify } from '../json.js';
import type { Tool } from '../tool-types.js';
import { isScriptCallable } from './script-names.js';

/** The tools that are never part of a catalog: the envelope and search themselves. */
export const ENVELOPE_TOOLS: ReadonlySet<string> = new Set(['ToolCall', 'ToolSearch']);

/** Ask-style tools that must be the whole ToolCall expression unless admitted for composition. */
export const DEFAULT_STANDALONE_ONLY: readonly string[] = Object.freeze([
  'Ask',
  'Skill',
  'WaitAgent',
  'UpdateGoal',
]);

/** One tool of a request's catalog, with how the request may reach it. */
export interface CatalogEntry {
  readonly tool: Tool;
  /** Offered to the provider directly (and still callable through ToolCall). */
  readonly native: boolean;
  /** Must be the entire ToolCall expression. */
  readonly standaloneOnly: boolean;
}

/** One request's catalog: native tools plus discoverable groups; search never widens it. */
export interface Catalog {
  /** Every tool the request may call through ToolCall, sorted by name. */
  readonly entries: readonly CatalogEntry[];
  /** The native tools offered to the provider, in the order the request named them. */
  readonly native: readonly Tool[];
  entry(name: string): CatalogEntry | undefined;
  /** Changes exactly when the catalog's tools or their contracts change. */
  readonly fingerprint: string;
}

/** What one request's catalog is made from. */
export interface CatalogOptions {
  /** The registry, usually `pipeline.tools()`. */
  tools: readonly Tool[];
  /** Names of the request's native tools; a name without a registered tool is ignored. */
  native?: readonly string[];
  /** Groups (`{ discoverable: GROUP }` in a preset) whose tools join the catalog. */
  discoverable?: readonly (string | { readonly discoverable: string })[];
  /** Tools the request's visibility rules hide; they never enter the catalog by any route. */
  hidden?: readonly string[];
  /** Tool names that must be a whole expression (default Ask, Skill, WaitAgent, UpdateGoal). */
  standaloneOnly?: readonly string[];
  /** Names admitted for composition: wrapped tools are standalone-only unless listed here. */
  composable?: readonly string[];
}

function names(where: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new TypeError(
      `createCatalog: ${where} must be an array of strings, received ${String(value)}`,
    );
  }
  return value as string[];
}

function groupsOf(value: CatalogOptions['discoverable']): Set<string> {
  const groups = new Set<string>();
  if (value === undefined) return groups;
  if (!Array.isArray(value)) {
    throw new TypeError(`createCatalog: discoverable must be an array, received ${String(value)}`);
  }
  for (const item of value) {
    const group = typeof item === 'string' ? item : item?.discoverable;
    if (typeof group !== 'string' || group === '') {
      throw new TypeError(
        `createCatalog: discoverable entries must be GROUP or { discoverable: GROUP }, received ${JSON.stringify(item)}`,
      );
    }
    groups.add(group);
  }
  return groups;
}

/** Builds the catalog of one request; hidden tools cannot reappear through a group. */
export function createCatalog(options: CatalogOptions): Catalog {
  if (typeof options !== 'object' || options === null || !Array.isArray(options.tools)) {
    throw new TypeError('createCatalog: expected { tools: Tool[], native?, discoverable?, … }');
  }
  const hidden = new Set(names('hidden', options.hidden));
  const standalone = new Set(
    names('standaloneOnly', options.standaloneOnly ?? DEFAULT_STANDALONE_ONLY),
  );
  const composable = new Set(names('composable', options.composable));
  const groups = groupsOf(options.discoverable);
  const registry = new Map<string, Tool>();
  for (const tool of options.tools) {
    if (registry.has(tool.name)) {
      throw new TypeError(
        `createCatalog: two tools are named ${JSON.stringify(tool.name)}; expected unique names`,
      );
    }
    registry.set(tool.name, tool);
  }
  const native: Tool[] = [];
  for (const name of new Set(names('native', options.native))) {
    // Native membership needs the registered implementation, not merely the name.
    const tool = registry.get(name);
    if (tool !== undefined && !hidden.has(name)) native.push(tool);
  }
  const nativeNames = new Set(native.map((tool) => tool.name));
  const byName = new Map<string, CatalogEntry>();
  for (const tool of registry.values()) {
    if (hidden.has(tool.name) || ENVELOPE_TOOLS.has(tool.name)) continue;
    // A name the dialect reserves (a special form or primitive) stays native-only.
    if (!isScriptCallable(tool.name)) continue;
    const isNative = nativeNames.has(tool.name);
    if (!isNative && !tool.groups.some((group: string) => groups.has(group))) continue;
    const unclassified = tool.wrapped !== undefined && !composable.has(tool.name);
    byName.set(tool.name, {
      tool,
      native: isNative,
      standaloneOnly: (standalone.has(tool.name) && !composable.has(tool.name)) || unclassified,
    });
  }
  const entries = [...byName.values()].sort((a, b) => (a.tool.name < b.tool.name ? -1 : 1));
  const fingerprint = stableStringify(
    entries.map(({ tool, native: isNative, standaloneOnly }) => [
      tool.name,
      tool.summary,
      tool.category ?? null,
      tool.groups,
      tool.inputSchema,
      isNative,
      standaloneOnly,
    ]),
  );
  return Object.freeze({
    entries: Object.freeze(entries),
    native: Object.freeze(native),
    entry: (name: string) => byName.get(name),
    fingerprint,
  });
}
