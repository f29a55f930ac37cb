/** The lines one Read returns and what lies around them. */
export interface LineWindow {
  /** Decoded lines, long ones already cut with the ` [...]` marker. */
  readonly lines: readonly string[];
  readonly firstLine: number;
  /** Whether unread content remains after the returned lines. */
  readonly more: boolean;
  /** The file's line count, known only when the scan reached the end. */
  readonly totalLines: number | undefined;
}

/** Bounds of one window. */
export interface WindowBounds {
  readonly offset: number;
  readonly limit: number;
  /** Characters the formatted output may hold. */
  readonly maxChars: number;
}

/** Longest line shown before it is cut. */
export const MAX_LINE_CHARS = 2000;
// A line's bytes beyond this can never be shown (4 bytes per character at most).
const MAX_LINE_BYTES = MAX_LINE_CHARS * 4 + 4;
const NEWLINE = 10;
const decoder = new TextDecoder('utf-8');

function decodeLine(parts: readonly Uint8Array[]): string {
  const bytes = parts.length === 1 ? (parts[0] as Uint8Array) : Buffer.concat(parts);
  let end = bytes.length;
  if (end > 0 && bytes[end - 1] === 13) end -= 1;
  // Invalid sequences decode to U+FFFD instead of throwing.
  const text = decoder.decode(bytes.subarray(0, end));
  return text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)} [...]` : text;
}

/**
 * Scans chunks for the window [offset, offset + limit) without holding more than the window:
 * skipped lines are only counted, so a deep window in a huge file costs one pass and no memory.
 */
export async function readLineWindow(
  chunks: AsyncIterable<Uint8Array>,
  { offset, limit, maxChars }: WindowBounds,
): Promise<LineWindow> {
  const lines: string[] = [];
  const width = String(offset + limit).length + 2;
  let chars = 0;
  let line = 1;
  let parts: Uint8Array[] = [];
  let partBytes = 0;
  let partial = false;
  const iterator = chunks[Symbol.asyncIterator]();
  const finish = async (rest: boolean): Promise<LineWindow> => {
    let more = rest;
    if (!more) {
      for (;;) {
        const next = await iterator.next();
        if (next.done === true) break;
        if (next.value.length > 0) {
          more = true;
          break;
        }
      }
    }
    await iterator.return?.();
    return { lines, firstLine: offset, more, totalLines: undefined };
  };
  for (;;) {
    const next = await iterator.next();
    if (next.done === true) break;
    const chunk = next.value;
    let position = 0;
    while (position < chunk.length) {
      const index = chunk.indexOf(NEWLINE, position);
      if (line < offset) {
        if (index === -1) {
          partial = true;
          break;
        }
        partial = false;
        line += 1;
        position = index + 1;
        continue;
      }
      const end = index === -1 ? chunk.length : index;
      if (partBytes < MAX_LINE_BYTES && end > position) {
        const take = Math.min(end - position, MAX_LINE_BYTES - partBytes);
        parts.push(Uint8Array.prototype.slice.call(chunk, position, position + take));
        partBytes += take;
      }
      partial = true;
      if (index === -1) break;
      const text = decodeLine(parts);
      parts = [];
      partBytes = 0;
      partial = false;
      position = index + 1;
      if (chars + text.length + width > maxChars && lines.length > 0) {
        return finish(true);
      }
      lines.push(text);
      chars += text.length + width;
      line += 1;
      if (lines.length >= limit) return finish(position < chunk.length);
    }
  }
  if (partial) {
    if (line >= offset) {
      const text = decodeLine(parts);
      if (chars + text.length + width > maxChars && lines.length > 0) {
        return { lines, firstLine: offset, more: true, totalLines: line };
      }
      lines.push(text);
    }
    return { lines, firstLine: offset, more: false, totalLines: line };
  }
  return { lines, firstLine: offset, more: false, totalLines: line - 1 };
}

/** Formats lines `cat -n` style: numbers right-aligned to the widest number shown, then a tab. */
export function numberLines(lines: readonly string[], firstLine: number): string {
  const width = String(firstLine + lines.length).length;
  let output = '';
  for (let index = 0; index < lines.length; index += 1) {
    if (index > 0) output += '\n';
    output += `${String(firstLine + index).padStart(width)}\t${lines[index]}`;
  }
  return output;
}
