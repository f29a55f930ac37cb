import type { RenderContext } from '../renderer.js';
import type { Rendering } from '../rendering.js';
import { firstLine, forEachLine } from './text.js';

interface GrepCounts {
  readonly matches: number;
  readonly files: number;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

// Lines the Grep tool appends after its results (`... Results truncated`) are notes, not hits.
function isNote(text: string, start: number, end: number): boolean {
  return start === end || text.startsWith('... ', start);
}

/** Counts hits and files in ripgrep heading output (`path`, `N:text`, `N-context`, `--`). */
function countContent(result: string): GrepCounts {
  let matches = 0;
  let files = 0;
  forEachLine(result, (start, end) => {
    if (isNote(result, start, end) || (end - start === 2 && result.startsWith('--', start))) return;
    let index = start;
    while (index < end && isDigit(result.charCodeAt(index))) index += 1;
    const mark = index < end ? result.charCodeAt(index) : -1;
    if (index > start && mark === 0x3a) matches += 1;
    else if (!(index > start && mark === 0x2d)) files += 1;
  });
  return { matches, files };
}

function countCounts(result: string): GrepCounts {
  let matches = 0;
  let files = 0;
  forEachLine(result, (start, end) => {
    if (isNote(result, start, end)) return;
    const colon = result.lastIndexOf(':', end - 1);
    const count = Number(result.slice(colon + 1, end));
    if (colon > start && result.slice(colon + 1, end) !== '' && Number.isInteger(count)) {
      matches += count;
      files += 1;
    }
  });
  return { matches, files };
}

function countFiles(result: string): GrepCounts {
  let files = 0;
  forEachLine(result, (start, end) => {
    if (!isNote(result, start, end)) files += 1;
  });
  return { matches: files, files };
}

function matchesText(count: number): string {
  return `${count} match${count === 1 ? '' : 'es'}`;
}

/**
 * Renders a Grep call: header `Grep "PATTERN" in PATH (N matches in M files)`, body in `grep`
 * mode; render data `{matches, files}` saves the count when present.
 */
export function grepRenderer(
  name: string,
  args: unknown,
  result: unknown,
  renderData: unknown,
  context: RenderContext,
): Rendering | null {
  if (typeof result !== 'string' || typeof args !== 'object' || args === null) return null;
  const record = args as Record<string, unknown>;
  const pattern = typeof record.pattern === 'string' ? record.pattern : '';
  const path =
    typeof record.path === 'string' && record.path !== ''
      ? ` in ${firstLine(record.path, 60)}`
      : '';
  const title = `${name} ${JSON.stringify(firstLine(pattern, 60))}${path}`;
  if (result === 'No matches found') {
    return { header: `${title} (no matches)`, expandable: false };
  }
  const mode = typeof record.output_mode === 'string' ? record.output_mode : 'files_with_matches';
  const data = (renderData ?? {}) as Record<string, unknown>;
  let counts: GrepCounts;
  if (typeof data.matches === 'number' && typeof data.files === 'number') {
    counts = { matches: data.matches, files: data.files };
  } else if (mode === 'content') {
    counts = countContent(result);
  } else if (mode === 'count') {
    counts = countCounts(result);
  } else {
    counts = countFiles(result);
  }
  const files = `${counts.files} file${counts.files === 1 ? '' : 's'}`;
  const summary =
    mode === 'files_with_matches' ? files : `${matchesText(counts.matches)} in ${files}`;
  const rendering: Rendering = {
    header: `${title} (${summary})`,
    bodyMode: 'grep',
    initiallyCollapsed: true,
  };
  return context.summaryOnly ? rendering : { ...rendering, body: result };
}
