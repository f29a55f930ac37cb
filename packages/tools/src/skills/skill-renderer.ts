import type { Renderer } from '@toolcall/render';

/** Draws a Skill call: the skill, its origin and how many files it has; the result folds away. */
export const skillRenderer: Renderer = (name, args, result, renderData, context) => {
  const requested = (args as { skill?: unknown } | null)?.skill;
  if (typeof requested !== 'string' || typeof result !== 'string') return null;
  // A refusal reads best in the generic error row.
  if (context.status !== 'success' || renderData === null) return null;
  const skill = typeof renderData.skill === 'string' ? renderData.skill : requested;
  const files = typeof renderData.files === 'number' ? renderData.files : undefined;
  const facts = [
    typeof renderData.origin === 'string' ? renderData.origin : undefined,
    files === undefined
      ? undefined
      : `${files}${renderData.truncated === true ? '+' : ''} file${files === 1 ? '' : 's'}`,
  ].filter((part) => part !== undefined);
  const rendering = {
    header: `${name} ${skill}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`,
    bodyMode: 'markdown' as const,
    initiallyCollapsed: true,
  };
  return context.summaryOnly ? rendering : { ...rendering, body: result };
};

/** The registry entry of the Skill tool, to pass to `createRendererRegistry` or `register`. */
export const skillRenderers: Readonly<Record<'Skill', Renderer>> = Object.freeze({
  Skill: skillRenderer,
});
