import type { Renderer } from '@toolcall/render';

/** Draws a Read as `Read PATH (N lines)`, collapsed, or the attached media count. */
export const readRenderer: Renderer = (name, args, result, renderData, context) => {
  if (typeof result !== 'string' || typeof args !== 'object' || args === null) return null;
  const shown = String((args as { file_path?: unknown }).file_path ?? '');
  const media = typeof renderData?.media === 'number' ? renderData.media : 0;
  const lines = typeof renderData?.lines === 'number' ? renderData.lines : undefined;
  const detail =
    renderData?.unchanged === true
      ? 'unchanged'
      : media > 0
        ? `${media} media`
        : lines === undefined
          ? ''
          : `${lines} line${lines === 1 ? '' : 's'}`;
  const rendering = {
    header: `${name} ${shown}${detail === '' ? '' : ` (${detail})`}`,
    bodyMode: 'text',
    initiallyCollapsed: true,
  };
  return context.summaryOnly ? rendering : { ...rendering, body: result };
};
