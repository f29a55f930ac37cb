/** Text shortened to an equal head and tail, with the exact count of omitted characters. */
export interface Preview {
  text: string;
  omittedChars: number;
  /** The kept head, or the whole text when nothing was omitted. */
  head: string;
  /** The kept tail, empty when nothing was omitted. */
  tail: string;
}

/** The character budget above which an unread range is previewed. */
export const PREVIEW_LIMIT = 2_000;

function snapHeadEnd(text: string, budget: number): number {
  const cut = text.lastIndexOf('\n', budget - 1);
  return cut >= budget / 2 ? cut + 1 : budget;
}

function snapTailStart(text: string, budget: number): number {
  const start = text.length - budget;
  const cut = text.indexOf('\n', start);
  return cut !== -1 && cut < start + budget / 2 ? cut + 1 : start;
}

/** Previews `text` as equal head and tail halves snapped to nearby newlines when it exceeds `limit`. */
export function previewText(text: string, limit: number = PREVIEW_LIMIT): Preview {
  if (text.length <= limit) return { text, omittedChars: 0, head: text, tail: '' };
  const half = Math.floor(limit / 2);
  const headEnd = snapHeadEnd(text, half);
  const tailStart = Math.max(headEnd, snapTailStart(text, half));
  const omittedChars = tailStart - headEnd;
  const head = text.slice(0, headEnd);
  const tail = text.slice(tailStart);
  return { text: joinPreview(head, tail, `${omittedChars} characters`), omittedChars, head, tail };
}

/** Joins a head and tail around a marker naming what was omitted. */
export function joinPreview(head: string, tail: string, omitted: string): string {
  const separator = head.endsWith('\n') || head.length === 0 ? '' : '\n';
  return `${head}${separator}[… ${omitted} omitted …]\n${tail}`;
}
