import { StringDecoder } from 'node:string_decoder';

/** Longest kept line of a Monitor event, in characters. */
export const MONITOR_LINE_LIMIT = 2_000;

/** One framed stdout line: the kept text and how many characters were cut from it. */
export interface MonitorLine {
  text: string;
  truncatedChars: number;
}

/** Frames stdout chunks into lines: UTF-8 safe across chunks, CRLF normalised, long lines truncated. */
export class MonitorLineFramer {
  private readonly decoder = new StringDecoder('utf8');
  private partial = '';

  /** Returns the lines completed by `chunk`. */
  feed(chunk: Buffer): MonitorLine[] {
    const text = this.partial + this.decoder.write(chunk);
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    return parts.map(frame);
  }

  /** Returns the final partial line, if any, at settlement. */
  end(): MonitorLine[] {
    const rest = this.partial + this.decoder.end();
    this.partial = '';
    return rest === '' ? [] : [frame(rest)];
  }
}

function frame(raw: string): MonitorLine {
  const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (line.length <= MONITOR_LINE_LIMIT) return { text: line, truncatedChars: 0 };
  return {
    text: line.slice(0, MONITOR_LINE_LIMIT),
    truncatedChars: line.length - MONITOR_LINE_LIMIT,
  };
}

/** The UTF-8 size of a framed line with its newline, as counted against batch and unread limits. */
export function lineBytes(line: MonitorLine): number {
  return Buffer.byteLength(line.text) + 1;
}
