import { diffRenderer, type Renderer } from '@toolcall/render';

function diffsOf(
  renderData: Record<string, unknown> | null,
): { path: string; diff: string }[] | undefined {
  const files = renderData?.files;
  if (!Array.isArray(files)) return undefined;
  const valid = files.filter(
    (file): file is { path: string; diff: string } =>
      typeof file === 'object' &&
      file !== null &&
      typeof file.path === 'string' &&
      typeof file.diff === 'string',
  );
  return valid.length === files.length ? valid : undefined;
}

/**
 * Draws an applied patch as its per-file unified diffs, open by default on a preview of the first
 * changes (`ApplyPatch FILE (+A −D)`), with the tool's own summary above the diffs.
 */
export const applyPatchRenderer: Renderer = (name, args, result, renderData, context) => {
  const diffs = diffsOf(renderData);
  if (typeof result !== 'string' || diffs === undefined || diffs.length === 0) return null;
  const combined = diffs.map((file) => file.diff).join('\n');
  const drawn = diffRenderer(name, args, combined, renderData, context);
  if (drawn === null) {
    // Only moves or pure locators: nothing to draw as a diff, so list what was applied.
    return {
      header: `${name} ${diffs.map((file) => file.path).join(', ')}`,
      body: result,
      initiallyCollapsed: true,
    };
  }
  return drawn;
};
