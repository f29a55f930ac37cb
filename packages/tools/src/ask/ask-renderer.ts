import type { Renderer, Rendering } from '@toolcall/render';

/**
 * Draws an answered Ask as `Ask: N questions (M answered)`, its answers as the body, open by
 * default: the person's answers are what the call produced.
 */
export const askRenderer: Renderer = (name, args, result, renderData, context) => {
  if (typeof result !== 'string') return null;
  const asked = (args as { questions?: unknown } | null)?.questions;
  const questions =
    typeof renderData?.questions === 'number'
      ? renderData.questions
      : Array.isArray(asked)
        ? asked.length
        : undefined;
  if (questions === undefined) return null;
  const answered =
    typeof renderData?.answered === 'number' ? ` (${renderData.answered} answered)` : '';
  const rendering: Rendering = {
    header: `${name}: ${questions} question${questions === 1 ? '' : 's'}${answered}`,
    bodyMode: 'text',
    initiallyCollapsed: false,
  };
  return context.summaryOnly ? rendering : { ...rendering, body: result };
};
