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
  /** The catalog fingerprint it was rendered from: deliver the listing again only when it changes. */
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

/**
 * Renders every catalog tool callable through ToolCall but not native as a calling shape and
 * summary, under a budget of a share of the context window; tools over it are counted.
 */
export function renderListing(catalog: Catalog, options: ListingOptions): SpecialistListing {
  const contextWindow = positive('contextWindow', options?.contextWindow, undefined);
  const share = positive('share', options.share, 0.02);
  if (share > 1) throw new TypeError(`renderListing: share must be at most 1, received ${share}`);
  const charsPerToken = positive('charsPerToken', options.charsPerToken, 4);
  const budget = Math.floor(contextWindow * share * charsPerToken);
  const specialists = catalog.entries.filter((entry) => !entry.native);
  const lines: string[] = [];
  let used = HEADER.length + 1;
  let omitted = 0;
  for (const entry of specialists) {
    const line = `- ${callingShape(entry)} - ${entry.tool.summary}`;
    // Reserve room for the overflow line so the whole text stays within the budget.
    const reserve = `(${specialists.length} more: use ToolSearch)`.length + 1;
    if (omitted > 0 || used + line.length + 1 + reserve > budget) {
      omitted++;
      continue;
    }
    lines.push(line);
    used += line.length + 1;
  }
  if (specialists.length === 0) {
    return { text: '', listed: 0, omitted: 0, fingerprint: catalog.fingerprint };
  }
  if (omitted > 0) lines.push(`(${omitted} more: use ToolSearch)`);
  return {
    text: [HEADER, ...lines].join('\n'),
    listed: specialists.length - omitted,
    omitted,
    fingerprint: catalog.fingerprint,
  };
}
