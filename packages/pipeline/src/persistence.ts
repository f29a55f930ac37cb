/** The global cap on a tool result, in characters. */
export const GLOBAL_RESULT_LIMIT = 50_000;
/** The total preview budget; head and tail each get half. */
export const PREVIEW_BUDGET = 2_000;
const SNAP_WINDOW = 200;

/** A head/tail preview of `text` and the exact number of characters between them. */
export interface Preview {
  readonly head: string;
  readonly tail: string;
  readonly omitted: number;
}

/** Cuts equal head and tail budgets from `text`, each snapped to a nearby newline. */
export function previewOf(text: string, budget = PREVIEW_BUDGET): Preview {
  const half = Math.floor(budget / 2);
  let headEnd = half;
  const newline = text.lastIndexOf('\n', half - 1);
  if (newline >= half - SNAP_WINDOW && newline >= 0) headEnd = newline + 1;
  let tailStart = text.length - half;
  const next = text.indexOf('\n', tailStart);
  if (next !== -1 && next < tailStart + SNAP_WINDOW && next + 1 < text.length) tailStart = next + 1;
  tailStart = Math.max(tailStart, headEnd);
  const head = text.slice(0, headEnd);
  const tail = text.slice(tailStart);
  return { head, tail, omitted: text.length - head.length - tail.length };
}

function previewBlock(preview: Preview): string {
  const head = preview.head.endsWith('\n') ? preview.head : `${preview.head}\n`;
  return `${head}[... ${preview.omitted} characters omitted ...]\n${preview.tail}`;
}

/** The effective limit for a tool: min(tool max, 50,000), or none when the tool declares none. */
export function effectiveLimit(maxResultSize: number | undefined): number | undefined {
  return maxResultSize === undefined ? undefined : Math.min(maxResultSize, GLOBAL_RESULT_LIMIT);
}

/** The `<persisted-output>` notice with exact Read and Grep continuation calls. */
export function persistedNotice(text: string, address: string): string {
  return [
    '<persisted-output>',
    `Output too large (${text.length} chars). Full output saved to: ${address}`,
    '',
    `Use Read(file_path="${address}", offset=1, limit=2000) and continue with the returned offset, or Grep(pattern=PATTERN, path="${address}").`,
    '',
    'Preview (head and tail):',
    previewBlock(previewOf(text)),
    '</persisted-output>',
  ].join('\n');
}

/** The notice used when no store kept the text: same preview, and a request to narrow the rerun. */
export function unavailableNotice(text: string): string {
  return [
    '<persisted-output>',
    `Output too large (${text.length} chars). The omitted content is unavailable; rerun the tool with a narrower scope.`,
    '',
    'Preview (head and tail):',
    previewBlock(previewOf(text)),
    '</persisted-output>',
  ].join('\n');
}

/** An oversized error result, truncated to the preview and never persisted. */
export function truncatedError(text: string): string {
  return previewBlock(previewOf(text));
}
