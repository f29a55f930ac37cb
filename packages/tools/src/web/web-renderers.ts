import type { RenderData, Renderer } from '@toolcall/render';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function hostOf(url: unknown): string | undefined {
  try {
    return typeof url === 'string' ? new URL(url).host : undefined;
  } catch {
    return undefined;
  }
}

function facts(data: RenderData | null): string {
  if (data === null) return '';
  const parts = [
    typeof data.status === 'number' ? String(data.status) : undefined,
    text(data.contentType),
    typeof data.bytes === 'number' ? `${data.bytes.toLocaleString('en-US')} bytes` : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** Draws a WebFetch call: requested host, final host when it differs, then status, type and size. */
export const webFetchRenderer: Renderer = (name, args, result, renderData, context) => {
  const requested =
    text(renderData?.requestedHost) ?? hostOf((args as { url?: unknown } | null)?.url);
  if (requested === undefined || typeof result !== 'string') return null;
  const final = text(renderData?.finalHost);
  const hosts = final !== undefined && final !== requested ? `${requested} → ${final}` : requested;
  if (result.startsWith('REDIRECT:')) {
    return { header: `${name} ${hosts} (redirect to another host)`, expandable: false };
  }
  const rendering = {
    header: `${name} ${hosts}${facts(renderData)}`,
    bodyMode: context.status === 'success' ? 'markdown' : 'text',
    initiallyCollapsed: context.status === 'success',
  };
  return context.summaryOnly ? rendering : { ...rendering, body: result };
};

/** Draws a WebSearch call: the query and the number of results. */
export const webSearchRenderer: Renderer = (name, args, result, renderData, context) => {
  const query = (args as { query?: unknown } | null)?.query;
  if (typeof query !== 'string' || typeof result !== 'string') return null;
  const count = typeof renderData?.results === 'number' ? renderData.results : undefined;
  const suffix =
    context.status === 'success' && count !== undefined
      ? ` (${count === 0 ? 'no results' : `${count} result${count === 1 ? '' : 's'}`})`
      : '';
  const rendering = {
    header: `${name} ${JSON.stringify(query)}${suffix}`,
    initiallyCollapsed: true,
  };
  if (count === 0) return { header: rendering.header, expandable: false };
  return context.summaryOnly ? rendering : { ...rendering, body: result };
};

/** Registry entries for both web tools, to pass to `createRendererRegistry` or `register`. */
export const webRenderers: Readonly<Record<'WebFetch' | 'WebSearch', Renderer>> = Object.freeze({
  WebFetch: webFetchRenderer,
  WebSearch: webSearchRenderer,
});
