/**
 * Line-delimited JSON-RPC input with a bound on each line, shared by every stdio host (the
 * MCP server, the Emacs bridge). A line over the bound is never held whole: its first bytes
 * are kept to find its id, the rest is dropped up to the next newline, where reading goes on.
 */

/** The longest line a stdio host reads by default: 10 MiB, the MCP SDK's own bound. */
export const DEFAULT_MAX_LINE_BYTES = 10 * 1024 * 1024;

/** A byte count in words: `10 MiB (10485760 bytes)`, or `4096 bytes`. */
export function describeBytes(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return Number.isInteger(mebibytes) ? `${mebibytes} MiB (${bytes} bytes)` : `${bytes} bytes`;
}

/** How much of an oversized line is kept to find its request id. */
const PREFIX_BYTES = 64 * 1024;

/** A line over the bound, as far as it was read. */
export interface OversizedLine {
  /** The bound it went over, in bytes. */
  readonly limit: number;
  /** Its first bytes (at most 64 KiB), decoded. */
  readonly prefix: string;
}

/** Options of `createLineReader`. */
export interface LineReaderOptions {
  /** The longest line accepted, in bytes without its newline; default `DEFAULT_MAX_LINE_BYTES`. */
  maxLineBytes?: number;
  /** Called with each line, without its newline or a trailing carriage return. */
  onLine: (line: string) => void;
  /** Called once per line over the bound, as soon as it goes over. */
  onOversized: (line: OversizedLine) => void;
}

/** Feeds stream chunks in; lines come out through the callbacks. */
export interface LineReader {
  push(chunk: Uint8Array | string): void;
  /** The input ended: a last line without a newline is handed on too. */
  end(): void;
}

/** Creates a bounded line splitter (see the module comment). */
export function createLineReader(options: LineReaderOptions): LineReader {
  const limit = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new TypeError(`maxLineBytes must be a positive integer, received ${String(limit)}`);
  }
  let chunks: Buffer[] = [];
  let length = 0;
  /** Set while the rest of an oversized line is being dropped. */
  let skipping = false;

  const take = (): Buffer => {
    const line = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
    chunks = [];
    length = 0;
    return line;
  };
  const emit = (line: Buffer) => {
    const end = line.length > 0 && line[line.length - 1] === 0x0d ? line.length - 1 : line.length;
    options.onLine(line.toString('utf8', 0, end));
  };
  // Holds `part` (no newline in it) in the current line, or drops it past the bound.
  const hold = (part: Buffer) => {
    if (skipping || part.length === 0) return;
    if (length + part.length > limit) {
      const kept = part.subarray(0, Math.max(0, PREFIX_BYTES - length));
      chunks.push(kept);
      length += kept.length;
      const prefix = take().subarray(0, PREFIX_BYTES).toString('utf8');
      skipping = true;
      options.onOversized({ limit, prefix });
      return;
    }
    chunks.push(part);
    length += part.length;
  };

  return {
    push(chunk) {
      let buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
      for (;;) {
        const newline = buffer.indexOf(0x0a);
        if (newline === -1) {
          hold(buffer);
          return;
        }
        hold(buffer.subarray(0, newline));
        if (skipping) skipping = false;
        else emit(take());
        buffer = buffer.subarray(newline + 1);
      }
    },
    end() {
      if (!skipping && length > 0) emit(take());
      chunks = [];
      length = 0;
      skipping = false;
    },
  };
}

/**
 * The top-level `id` of a JSON-RPC message from the start of its text (a string or a
 * number), or null when that start does not show one. Keys inside `params` are not taken
 * for it.
 */
export function sniffRequestId(prefix: string): string | number | null {
  let depth = 0;
  let index = 0;
  /** The last string read at depth 1, while it may still be a key. */
  let key: string | undefined;
  while (index < prefix.length) {
    const char = prefix[index]!;
    if (char === '"') {
      const end = stringEnd(prefix, index);
      if (end === -1) return null;
      key = depth === 1 ? prefix.slice(index, end + 1) : undefined;
      index = end + 1;
      continue;
    }
    if (char === ':' && depth === 1 && key !== undefined) {
      const name = parseJson(key);
      key = undefined;
      if (name === 'id') return idAt(prefix, index + 1);
    } else if (char === '{' || char === '[') {
      depth += 1;
    } else if (char === '}' || char === ']') {
      depth -= 1;
    } else if (!/\s/.test(char)) {
      key = undefined;
    }
    index += 1;
  }
  return null;
}

/** The index of the quote closing the string opened at `start`, or -1 if it does not close. */
function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === '"') return index;
  }
  return -1;
}

function idAt(text: string, start: number): string | number | null {
  const rest = text.slice(start).trimStart();
  if (rest.startsWith('"')) {
    const end = stringEnd(rest, 0);
    const value = end === -1 ? undefined : parseJson(rest.slice(0, end + 1));
    return typeof value === 'string' ? value : null;
  }
  const number = /^-?\d+(?=\s*[,}])/.exec(rest)?.[0];
  return number === undefined ? null : Number(number);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
