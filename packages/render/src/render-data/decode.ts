import type { RenderData } from '../rendering.js';
import {
  CLOSE_MARKER,
  DEFAULT_MAX_PAYLOAD_CHARS,
  isIdCode,
  MAX_ID_LENGTH,
  OPEN_PREFIX,
  OPEN_SUFFIX,
} from './markers.js';
import { scanJsonValue } from './scan-json.js';

/** A well-formed render-data block found in text, with its owner and decoded payload. */
export interface RenderDataBlock {
  readonly id: string;
  readonly data: RenderData;
  /** Index of the block's first character. */
  readonly start: number;
  /** Index just past the closing marker. */
  readonly end: number;
}

/** Options for reading render-data blocks. */
export interface DecodeOptions {
  /** Payloads longer than this stay literal text (default 1 MiB of JSON). */
  readonly maxPayloadChars?: number;
}

function skipWhitespace(text: string, index: number): number {
  let at = index;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break;
    at += 1;
  }
  return at;
}

/** Reads the block whose opening marker starts at `start`, or returns null when it is not one. */
function readBlockAt(text: string, start: number, maxPayload: number): RenderDataBlock | null {
  const idStart = start + OPEN_PREFIX.length;
  let idEnd = idStart;
  const idLimit = Math.min(text.length, idStart + MAX_ID_LENGTH);
  while (idEnd < idLimit && isIdCode(text.charCodeAt(idEnd))) idEnd += 1;
  if (idEnd === idStart || !text.startsWith(OPEN_SUFFIX, idEnd)) return null;
  const payloadStart = skipWhitespace(text, idEnd + OPEN_SUFFIX.length);
  if (text.charCodeAt(payloadStart) !== 0x7b) return null;
  const payloadEnd = scanJsonValue(text, payloadStart, payloadStart + maxPayload);
  if (payloadEnd === -1) return null;
  const closeStart = skipWhitespace(text, payloadEnd);
  if (!text.startsWith(CLOSE_MARKER, closeStart)) return null;
  let data: unknown;
  try {
    data = JSON.parse(text.slice(payloadStart, payloadEnd));
  } catch {
    return null;
  }
  return {
    id: text.slice(idStart, idEnd),
    data: data as RenderData,
    start,
    end: closeStart + CLOSE_MARKER.length,
  };
}

/**
 * Finds every well-formed render-data block in one forward pass; marker-shaped text without a
 * valid payload is skipped, and a valid block's payload is never searched for nested markers.
 */
export function findRenderDataBlocks(text: string, options: DecodeOptions = {}): RenderDataBlock[] {
  const maxPayload = options.maxPayloadChars ?? DEFAULT_MAX_PAYLOAD_CHARS;
  const blocks: RenderDataBlock[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf(OPEN_PREFIX, from);
    if (start === -1) return blocks;
    const block = readBlockAt(text, start, maxPayload);
    if (block === null) {
      from = start + 1;
    } else {
      blocks.push(block);
      from = block.end;
    }
  }
}

/** Text with its owner's render data taken out. */
export interface ExtractedRenderData {
  /** The text with every block owned by `ownerId` removed (and the newline that joined a trailing one). */
  readonly text: string;
  /** The payload of the last owned block, or null when there is none. */
  readonly data: RenderData | null;
}

/**
 * Removes the blocks owned by `ownerId` from `text` and returns their last payload; blocks owned
 * by other ids and anything malformed stay as literal text.
 */
export function extractRenderData(
  text: string,
  ownerId: string,
  options: DecodeOptions = {},
): ExtractedRenderData {
  if (!text.includes(OPEN_PREFIX)) return { text, data: null };
  const owned = findRenderDataBlocks(text, options).filter((block) => block.id === ownerId);
  if (owned.length === 0) return { text, data: null };
  let out = '';
  let from = 0;
  for (const block of owned) {
    let cut = block.start;
    // appendRenderData joins with one newline; take it back out with a trailing block.
    if (block.end === text.length && cut > from && text.charCodeAt(cut - 1) === 0x0a) cut -= 1;
    out += text.slice(from, cut);
    from = block.end;
  }
  out += text.slice(from);
  return { text: out, data: owned[owned.length - 1]!.data };
}

/** Provider scrubbing: the text without the blocks owned by `ownerId`, everything else verbatim. */
export function scrubRenderData(
  text: string,
  ownerId: string,
  options: DecodeOptions = {},
): string {
  return extractRenderData(text, ownerId, options).text;
}
