import type { RenderContext } from '../renderer.js';
import type { Rendering } from '../rendering.js';
import { forEachLine } from './text.js';

/** Lines of a diff shown when it opens by default; the full diff shows on explicit expansion. */
const previewLines = 30;

interface DiffStats {
  readonly files: string[];
  readonly added: number;
  readonly removed: number;
}

function diffStats(diff: string): DiffStats {
  const files: string[] = [];
  let added = 0;
  let removed = 0;
  forEachLine(diff, (start, end) => {
    const first = diff.charCodeAt(start);
    if (first === 0x2b) {
      if (diff.startsWith('+++ ', start)) {
        const target = diff
          .slice(start + 4, end)
          .replace(/^b\//, '')
          .split('\t')[0]!;
        if (target !== '/dev/null') files.push(target);
      } else {
        added += 1;
      }
    } else if (first === 0x2d && !diff.startsWith('--- ', start)) {
      removed += 1;
    }
  });
  return { files, added, removed };
}

function preview(diff: string): string | undefined {
  let index = -1;
  for (let line = 0; line < previewLines; line += 1) {
    index = diff.indexOf('\n', index + 1);
    if (index === -1) return undefined;
  }
  return index >= diff.length - 1 ? undefined : `${diff.slice(0, index)}\n…`;
}

/**
 * Renders a unified-diff result: header `NAME FILE (+A −D)`, open by default on a preview of the
 * first changes, with the whole diff on explicit expansion.
 */
export function diffRenderer(
  name: string,
  _args: unknown,
  result: unknown,
  _renderData: unknown,
  context: RenderContext,
): Rendering | null {
  if (typeof result !== 'string' || !(result.startsWith('@@') || result.includes('\n@@')))
    return null;
  const stats = diffStats(result);
  const subject = stats.files.length === 1 ? stats.files[0]! : `${stats.files.length} files`;
  const rendering: Rendering = {
    header: `${name} ${subject} (+${stats.added} −${stats.removed})`,
    bodyMode: 'diff',
    initiallyCollapsed: false,
  };
  if (context.summaryOnly) return rendering;
  const short = preview(result);
  return short === undefined
    ? { ...rendering, body: result }
    : { ...rendering, body: result, previewBody: short };
}
