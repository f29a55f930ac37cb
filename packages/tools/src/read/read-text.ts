import { type LineWindow, numberLines, readLineWindow } from './line-window.js';

/** Most characters one Read returns (50 KiB). */
export const MAX_READ_CHARS = 51_200;

/** A Read answer: text for the model, and whether it is an error. */
export interface ReadAnswer {
  readonly text: string;
  readonly error: boolean;
  readonly lines?: number;
}

/** The exact Read error texts of the contracts. */
export const readErrors = {
  negative: (name: string) => `Parameter ${name} must be a positive integer`,
  pastEnd: (offset: number, shown: string) =>
    `Read offset ${offset} starts after the last line of ${shown}`,
  missing: (shown: string) => `File ${shown} does not exist`,
  tooLarge: () => 'File is too large (> 512 KB).  Use offset and limit to read specific portions',
  binary: (type: string, shown: string, size: number) =>
    `Cannot read binary file (type: ${type}): ${shown} (${size.toLocaleString('en-US')} bytes)`,
};

function emptyNotice(shown: string): string {
  return `<system-reminder>\nFile ${shown} exists but is empty (0 bytes). This is the actual file content, not a read failure.\n</system-reminder>`;
}

/** The notice naming the exact call that continues a cut-short Read. */
export function continueNotice(shown: string, next: number): string {
  return `... Read output truncated. Use Read(file_path="${shown}", offset=${next}, limit=2000) to continue, or use Grep for targeted searches.`;
}

/** Reads a window of numbered lines from chunks and words the result the way the contracts do. */
export async function readTextWindow(
  chunks: AsyncIterable<Uint8Array>,
  { shown, offset, limit }: { shown: string; offset: number; limit: number },
): Promise<ReadAnswer> {
  const window: LineWindow = await readLineWindow(chunks, {
    offset,
    limit,
    maxChars: MAX_READ_CHARS,
  });
  if (window.lines.length === 0) {
    if (window.totalLines === 0 && offset === 1) {
      return { text: emptyNotice(shown), error: false, lines: 0 };
    }
    return { text: readErrors.pastEnd(offset, shown), error: true };
  }
  let text = numberLines(window.lines, offset);
  if (window.more) text += `\n\n${continueNotice(shown, offset + window.lines.length)}`;
  return { text, error: false, lines: window.lines.length };
}
