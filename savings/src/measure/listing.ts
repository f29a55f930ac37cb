import { toAnthropicTool } from '@toolcall/pipeline';
import type { ToolSet } from '@toolcall/tools';
import type { Tokenizer } from './tokenizers.js';

/** What the tool listing costs the model on every call, in tokens of one tokenizer. */
export interface ListingCost {
  /** Every registered tool's full definition (name, description, input schema). */
  readonly everythingInFull: number;
  /** The direct arm's listing: every tool in full except ToolSearch and ToolCall. */
  readonly directTools: number;
  /** The native tools in full plus the specialist listing of the rest (the ToolCall arm). */
  readonly nativeListing: number;
  /** The dialect manual as Read returns it, if the model reads it once per conversation. */
  readonly dialectManual: number;
}

const ENVELOPES = new Set(['ToolSearch', 'ToolCall']);

/**
 * Counts the listings a harness sends with a tool set: tool definitions are counted as the JSON
 * of their Anthropic shape; the specialist listing as its text (within 2% of a 200k window).
 */
export function measureListing(options: {
  set: ToolSet;
  manual: string;
  tokenizer: Tokenizer;
}): ListingCost {
  const { set, manual, tokenizer } = options;
  const full = (names?: (name: string) => boolean) =>
    set.pipeline
      .tools()
      .filter((tool) => names?.(tool.name) ?? true)
      .reduce((sum, tool) => sum + tokenizer.count(JSON.stringify(toAnthropicTool(tool))), 0);
  const native = set.native.reduce(
    (sum, tool) => sum + tokenizer.count(JSON.stringify(toAnthropicTool(tool))),
    0,
  );
  return {
    everythingInFull: full(),
    directTools: full((name) => !ENVELOPES.has(name)),
    nativeListing: native + tokenizer.count(set.listing({ contextWindow: 200_000 }).text),
    dialectManual: tokenizer.count(manual),
  };
}
