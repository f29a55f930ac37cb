import { argumentsOf, callingShape } from './calling-shape.js';
import type { Catalog, CatalogEntry } from './catalog.js';

/** The most shapes a broad search lists, and the most categories a failed one suggests. */
export const SEARCH_LIST_LIMIT = 20;
const CONTRACT_LIMIT = 3;

/** Options of `searchCatalog`. */
export interface SearchOptions {
  /**
   * The manual reference of a tool's full contract (default `toolcall://tools/NAME.md`);
   * `undefined` for a tool without a manual leaves the `Manual:` line out.
   */
  manualReference?: (entry: CatalogEntry) => string | undefined;
}

function matchesTerm(entry: CatalogEntry, term: string): boolean {
  const tool = entry.tool;
  if (tool.name.toLowerCase().includes(term)) return true;
  if (tool.summary.toLowerCase().includes(term)) return true;
  if (tool.category?.toLowerCase().includes(term)) return true;
  return tool.groups.some((group) => group.toLowerCase().includes(term));
}

/** The entries a query selects, deduplicated, in term order (by name within a term). */
export function selectEntries(catalog: Catalog, query: string): CatalogEntry[] {
  const terms = [
    ...new Set(
      query
        .toLowerCase()
        .split(/\s+/)
        .filter((term) => term !== ''),
    ),
  ];
  const selected = new Map<string, CatalogEntry>();
  for (const term of terms) {
    // An exact name selects only that tool for its term.
    const exact = catalog.entries.find((entry) => entry.tool.name.toLowerCase() === term);
    const found =
      exact === undefined ? catalog.entries.filter((entry) => matchesTerm(entry, term)) : [exact];
    for (const entry of found)
      if (!selected.has(entry.tool.name)) selected.set(entry.tool.name, entry);
  }
  return [...selected.values()];
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? 'null');
}

/** The full contract of one tool: shape, summary, description, arguments, manual reference if any. */
export function formatContract(entry: CatalogEntry, manual: string | undefined): string {
  const lines = [`## ${entry.tool.name}`, '', callingShape(entry), '', entry.tool.description, ''];
  const args = argumentsOf(entry.tool.inputSchema);
  if (args.length === 0) lines.push('Arguments: none.');
  else lines.push('Arguments:');
  for (const argument of args) {
    const facts = [argument.type, argument.required ? 'required' : 'optional'];
    if (argument.enum !== undefined)
      facts.push(`one of ${argument.enum.map(valueText).join(', ')}`);
    if (argument.default !== undefined) facts.push(`default ${valueText(argument.default)}`);
    const description = argument.description === undefined ? '' : ` - ${argument.description}`;
    lines.push(`- :${argument.name} (${facts.join(', ')})${description}`);
  }
  if (entry.standaloneOnly) {
    lines.push('', 'Standalone only: the call must be the entire ToolCall expression.');
  }
  if (manual !== undefined) lines.push('', `Manual: ${manual}`);
  return lines.join('\n');
}

function suggestions(catalog: Catalog): string[] {
  const names = new Set<string>();
  for (const { tool } of catalog.entries) {
    if (tool.category !== undefined) names.add(tool.category);
    for (const group of tool.groups) names.add(group);
  }
  return [...names].sort().slice(0, SEARCH_LIST_LIMIT);
}

/**
 * Answers a ToolSearch query from the request's catalog. Search grants nothing: it only
 * describes tools the catalog already allows.
 */
export function searchCatalog(
  catalog: Catalog,
  query: string,
  options: SearchOptions = {},
): string {
  if (typeof query !== 'string') {
    throw new TypeError(`searchCatalog: query must be a string, received ${typeof query}`);
  }
  if (query.trim() === '') {
    return 'The query is empty: give one or more tool names, words, categories or groups.';
  }
  const manual = options.manualReference ?? ((entry) => `toolcall://tools/${entry.tool.name}.md`);
  const found = selectEntries(catalog, query);
  if (found.length === 0) {
    const offered = suggestions(catalog);
    if (catalog.entries.length === 0) return `No tools match "${query}". The catalog is empty.`;
    if (offered.length === 0) return `No tools match "${query}".`;
    return `No tools match "${query}". Try one of these categories or groups: ${offered.join(', ')}.`;
  }
  if (found.length <= CONTRACT_LIMIT) {
    return found.map((entry) => formatContract(entry, manual(entry))).join('\n\n');
  }
  const shown = found.slice(0, SEARCH_LIST_LIMIT);
  const head =
    shown.length < found.length
      ? `${found.length} tools match; showing the first ${shown.length}:`
      : `${found.length} tools match:`;
  return [
    head,
    ...shown.map((entry) => `- ${callingShape(entry)} - ${entry.tool.summary}`),
    '',
    'Search again with one or two exact names for their full contracts.',
  ].join('\n');
}
