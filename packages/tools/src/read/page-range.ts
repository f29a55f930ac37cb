/** Most PDF pages one Read renders. */
export const MAX_PAGES = 20;

/** A parsed `pages` argument: first page and last page (undefined = to the end). */
export interface PageRange {
  readonly first: number;
  readonly last: number | undefined;
}

/** Parses `"N"`, `"A-B"` or `"N-"`; returns an error text for anything else. */
export function parsePageRange(
  pages: string,
): { success: true; value: PageRange } | { success: false; message: string } {
  const match = /^\s*(\d+)\s*(?:(-)\s*(\d+)?)?\s*$/.exec(pages);
  const invalid = {
    success: false as const,
    message: `Invalid pages "${pages}". Use "N", "A-B" or "N-" with pages counted from 1.`,
  };
  if (match === null) return invalid;
  const first = Number(match[1]);
  const last =
    match[2] === undefined ? first : match[3] === undefined ? undefined : Number(match[3]);
  if (first < 1 || (last !== undefined && last < first)) return invalid;
  if (last !== undefined && last - first + 1 > MAX_PAGES) {
    return {
      success: false,
      message: `Read renders at most ${MAX_PAGES} pages per call; "${pages}" asks for ${last - first + 1}.`,
    };
  }
  return { success: true, value: { first, last } };
}
