import type { Renderer, Rendering } from '@toolcall/render';

function filePathOf(args: unknown): string | undefined {
  const value =
    typeof args === 'object' && args !== null
      ? (args as { file_path?: unknown }).file_path
      : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Draws an Outline as `Outline PATH (N definitions)`, collapsed on its `PATH:LINE: name` lines,
 * or as the compact line `Outline PATH (no definitions)` when the file defines nothing.
 */
export const outlineRenderer: Renderer = (name, args, result, _renderData, context) => {
  const file = filePathOf(args);
  if (file === undefined || typeof result !== 'string') return null;
  if (result.startsWith('No symbols found in ')) {
    return { header: `${name} ${file} (no definitions)`, expandable: false };
  }
  const count = result.split('\n').filter((line) => line !== '').length;
  const rendering: Rendering = {
    header: `${name} ${file} (${count} definition${count === 1 ? '' : 's'})`,
    bodyMode: 'text',
    initiallyCollapsed: true,
  };
  return context.summaryOnly ? rendering : { ...rendering, body: result };
};

/**
 * Draws a Node call as `Node PATH:LINE:COLUMN (TYPE)` with the report as its collapsed body, or
 * `Node PATH (syntax tree)` for a whole-file listing.
 */
export const nodeRenderer: Renderer = (name, args, result, _renderData, context) => {
  const file = filePathOf(args);
  if (file === undefined || typeof result !== 'string') return null;
  const {
    line,
    column,
    whole_file: wholeFile,
  } = args as {
    line?: unknown;
    column?: unknown;
    whole_file?: unknown;
  };
  let header: string;
  if (wholeFile === true) header = `${name} ${file} (syntax tree)`;
  else {
    const at = `${file}:${typeof line === 'number' ? line : 1}:${typeof column === 'number' ? column : 0}`;
    const type = /^Node Type: (.+)$/m.exec(result)?.[1];
    header = type === undefined ? `${name} ${at}` : `${name} ${at} (${type})`;
  }
  const rendering: Rendering = { header, bodyMode: 'text', initiallyCollapsed: true };
  return context.summaryOnly ? rendering : { ...rendering, body: result };
};
