import { createHash } from 'node:crypto';
import type { SkillCatalog } from './skill-catalog.js';

/** The skill catalog as the model sees it, within its budget. */
export interface SkillListing {
  /** The listing text; empty when there is no skill. */
  readonly text: string;
  /** How many skills the listing shows. */
  readonly listed: number;
  /** Skills left out to respect the budget; the overflow line counts them. */
  readonly omitted: number;
  /** Changes exactly when the text changes: deliver the listing again only then. */
  readonly fingerprint: string;
}

/** Options of `renderSkillListing`. */
export interface SkillListingOptions {
  /** The model's context window, in tokens. */
  readonly contextWindow: number;
  /** The share of the context window the listing may use (default 0.02). */
  readonly share?: number;
  /** Characters per token for the budget estimate (default 4). */
  readonly charsPerToken?: number;
  /** Most characters of one skill's line; a longer description is cut with … (default 250). */
  readonly maxEntryChars?: number;
}

const HEADER =
  'Skills: load one with (Skill :skill "NAME") as the entire ToolCall expression; Read opens its files at the skill:// addresses it names.';

function positive(name: string, value: unknown, fallback: number | undefined): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(
      `renderSkillListing: ${name} must be a positive number, received ${String(value)}`,
    );
  }
  return value;
}

function entryLine(name: string, description: string, max: number): string {
  const line = `- ${name}: ${description.replace(/\s+/g, ' ').trim()}`;
  return line.length <= max ? line : `${line.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

function listingOf(text: string, listed: number, omitted: number): SkillListing {
  const fingerprint = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return { text, listed, omitted, fingerprint };
}

const overflow = (count: number) => `(${count} more: Read skill:// lists every skill)`;

/**
 * Renders the winning skills as `- NAME: description` lines under a header, within a share of
 * the context window; skills over the budget are counted in a closing line that points to
 * the bare `skill://` listing.
 */
export function renderSkillListing(
  catalog: SkillCatalog,
  options: SkillListingOptions,
): SkillListing {
  if (!Array.isArray(catalog?.skills)) {
    throw new TypeError('renderSkillListing: expected a catalog from loadSkillCatalog');
  }
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(
      `renderSkillListing: expected options { contextWindow, share?, charsPerToken?, maxEntryChars? }, received ${String(options)}`,
    );
  }
  const contextWindow = positive('contextWindow', options.contextWindow, undefined);
  const share = positive('share', options.share, 0.02);
  if (share > 1)
    throw new TypeError(`renderSkillListing: share must be at most 1, received ${share}`);
  const charsPerToken = positive('charsPerToken', options.charsPerToken, 4);
  const maxEntryChars = Math.floor(positive('maxEntryChars', options.maxEntryChars, 250));
  const budget = Math.floor(contextWindow * share * charsPerToken);
  const { skills } = catalog;
  if (skills.length === 0) return listingOf('', 0, 0);
  // Room for the overflow line is kept (but for the last skill) so the text stays within budget.
  const reserve = overflow(skills.length).length + 1;
  const lines: string[] = [];
  let used = HEADER.length;
  for (const [index, skill] of skills.entries()) {
    const line = entryLine(skill.name, skill.description, maxEntryChars);
    const last = index === skills.length - 1;
    if (used + 1 + line.length + (last ? 0 : reserve) > budget) break;
    lines.push(line);
    used += 1 + line.length;
  }
  const omitted = skills.length - lines.length;
  if (lines.length === 0) {
    const alone = `${HEADER}\n${overflow(omitted)}`;
    return listingOf(alone.length <= budget ? alone : '', 0, omitted);
  }
  if (omitted > 0) lines.push(overflow(omitted));
  return listingOf([HEADER, ...lines].join('\n'), skills.length - omitted, omitted);
}
