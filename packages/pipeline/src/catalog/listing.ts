import { callingShape } from './calling-shape.js';
import type { Catalog } from './catalog.js';

/** The rendered specialist listing of one catalog. */
export interface SpecialistListing {
  /** The listing text; empty when there is nothing to list. */
  readonly text: string;
  /** How many tools the listing shows. */
  readonly listed: number;
  /** Tools left out to respect the budget; ToolSearch still finds them. */
  readonly omitted: number;
  /**
   * A digest of the text: deliver the listing again only when it changes (a changed catalog,
   * context window or share changes it; a change the text does not show does not).
   */
  readonly fingerprint: string;
}

/** Options of `renderListing`. */
export interface ListingOptions {
  /** The model's context window, in tokens. */
  contextWindow: number;
  /** The share of the context window the listing may use (default 0.02). */
  share?: number;
  /** Characters per token for the budget estimate (default 4). */
  charsPerToken?: number;
}

const HEADER = 'Specialist tools callable through ToolCall (ToolSearch gives full contracts):';

function positive(name: string, value: unknown, fallback: number | undefined): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(
      `renderListing: ${name} must be a positive number, received ${String(value)}`,
    );
  }
  return value;
}

// A 53-bit string hash (cyrb53): the listing's fingerprint, short enough to keep per session.
function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${text.length.toString(36)}-${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

function listingOf(text: string, listed: number, omitted: number): SpecialistListing {
  return { text, listed, omitted, fingerprint: digest(text) };
}

/**
 * Renders every catalog tool callable through ToolCall but not native as a calling shape and
 * summary, under a budget of a share of the context window; tools over it are counted.
 */
export function renderListing(catalog: Catalog, options: ListingOptions): SpecialistListing {
  if (!Array.isArray(catalog?.entries)) {
    throw new TypeError(
      'renderListing: expected a catalog from createCatalog as the first argument',
    );
  }
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(
      `renderListing: expected options { contextWindow, share?, charsPerToken? }, received ${String(options)}`,
    );
  }
  const contextWindow = positive('contextWindow', options.contextWindow, undefined);
  const share = positive('share', options.share, 0.02);
  if (share > 1) throw new TypeError(`renderListing: share must be at most 1, received ${share}`);
  const charsPerToken = positive('charsPerToken', options.charsPerToken, 4);
  const budget = Math.floor(contextWindow * share * charsPerToken);
  const specialists = catalog.entries.filter((entry) => !entry.native);
  const lines: string[] = [];
  let used = HEADER.length + 1;
  let omitted = 0;
  // Reserve room for the overflow line so the whole text stays within the budget.
  const reserve = `(${specialists.length} more: use ToolSearch)`.length + 1;
  for (const entry of specialists) {
    const line = `- ${callingShape(entry)} - ${entry.tool.summary}`;
    if (omitted > 0 || used + line.length + 1 + reserve > budget) {
      omitted++;
      continue;
    }
    lines.push(line);
    used += line.length + 1;
  }
  if (specialists.length === 0) return listingOf('', 0, 0);
  if (omitted === specialists.length) {
    // Not even the header fits beside the count: the count alone, or nothing.
    const full = `${HEADER}\n(${omitted} more: use ToolSearch)`;
    if (full.length <= budget) return listingOf(full, 0, omitted);
    const short = `(${omitted} specialist tools: use ToolSearch)`;
    return listingOf(short.length <= budget ? short : '', 0, omitted);
  }
  if (omitted > 0) lines.push(`(${omitted} more: use ToolSearch)`);
  return listingOf([HEADER, ...lines].join('\n'), specialists.length - omitted, omitted);
}
