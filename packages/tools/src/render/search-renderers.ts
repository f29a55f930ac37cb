import type { Renderer } from '@toolcall/render';

/** Draws a Glob as `Glob "PATTERN" in PATH (N files)`, collapsed on the list of paths. */
export const globRenderer: Renderer = (name, args, result, renderData, context) => {
  if (typeof result !== 'string' || typeof args !== 'object' || args === null) return null;
  const { pattern = '', path } = args as { pattern?: string; path?: string };
  const title = `${name} ${JSON.stringify(pattern)}${path ? ` in ${path}` : ''}`;
  if (result === 'No files found matching pattern')
    return { header: `${title} (no files)`, expandable: false };
  const count =
    typeof renderData?.count === 'number'
      ? renderData.count
      : result
          .split('\n')
          .filter(
            (line) => line !== '' && !line.startsWith('... ') && !line.startsWith('Warning: '),
          ).length;
  const rendering = {
    header: `${title} (${count} file${count === 1 ? '' : 's'})`,
    bodyMode: 'text',
    initiallyCollapsed: true,
  };
  return context.summaryOnly ? rendering : { ...rendering, body: result };
};
