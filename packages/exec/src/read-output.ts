import { isAscii } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { joinPreview, PREVIEW_LIMIT, previewText } from './preview.js';
import type { Spool } from './spool.js';

/** A decoded range of a spool, previewed when long. */
export interface OutputRange {
  /** The text, or its head-and-tail preview. */
  text: string;
  /** Bytes of the range left out of `text`. */
  omittedBytes: number;
  /** Characters (UTF-16 units, like `text.length`) of the range left out of `text`. */
  omittedChars: number;
  /** The byte offset just past the decoded range. */
  end: number;
}

const FULL_DECODE_BYTES = 256 * 1024;
const EDGE_BYTES = 8 * 1024;

/** The length of the longest prefix of `buffer` that ends on a UTF-8 character boundary. */
export function completeUtf8Length(buffer: Buffer): number {
  for (let back = 1; back <= Math.min(3, buffer.length); back += 1) {
    const byte = buffer[buffer.length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? buffer.length - back : buffer.length;
  }
  return buffer.length;
}

async function countRangeChars(spool: Spool, start: number, end: number): Promise<number> {
  // Decoding natively in slices is far faster than inspecting bytes in JavaScript.
  const decoder = new StringDecoder('utf8');
  let count = 0;
  for (let offset = start; offset < end; offset += 4 * 1024 * 1024) {
    const slice = await spool.read(offset, Math.min(end, offset + 4 * 1024 * 1024));
    // An ASCII slice holds one character per byte; only other slices need decoding.
    count += isAscii(slice) ? slice.length : decoder.write(slice).length;
  }
  return count + decoder.end().length;
}

/**
 * Reads spool bytes from `start` up to `end`, decoding only whole characters unless `final`,
 * and previews ranges over 2,000 characters while the spool stays complete.
 */
export async function readOutputRange(
  spool: Spool,
  { start, end, final }: { start: number; end: number; final: boolean },
): Promise<OutputRange> {
  if (end - start <= FULL_DECODE_BYTES) {
    const raw = await spool.read(start, end);
    const usable = final ? raw.length : completeUtf8Length(raw);
    const preview = previewText(raw.subarray(0, usable).toString('utf8'));
    const kept = Buffer.byteLength(preview.head) + Buffer.byteLength(preview.tail);
    return {
      text: preview.text,
      omittedBytes: preview.omittedChars === 0 ? 0 : usable - kept,
      omittedChars: preview.omittedChars,
      end: start + usable,
    };
  }
  const headRaw = await spool.read(start, start + EDGE_BYTES);
  const tailRaw = await spool.read(end - EDGE_BYTES, end);
  const usableTail = final ? tailRaw.length : completeUtf8Length(tailRaw);
  let tailSkip = 0;
  while (tailSkip < usableTail && (tailRaw[tailSkip]! & 0xc0) === 0x80) tailSkip += 1;
  const headText = headRaw.subarray(0, completeUtf8Length(headRaw)).toString('utf8');
  const tailText = tailRaw.subarray(tailSkip, usableTail).toString('utf8');
  const head = previewText(headText.slice(0, PREVIEW_LIMIT * 2)).head;
  const tail = previewText(tailText.slice(-PREVIEW_LIMIT * 2)).tail;
  const rangeEnd = end - (tailRaw.length - usableTail);
  const omittedStart = start + Buffer.byteLength(head);
  const omittedEnd = rangeEnd - Buffer.byteLength(tail);
  const omittedChars = await countRangeChars(spool, omittedStart, omittedEnd);
  return {
    text: joinPreview(head, tail, `${omittedChars} characters`),
    omittedBytes: omittedEnd - omittedStart,
    omittedChars,
    end: rangeEnd,
  };
}
