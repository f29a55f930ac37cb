import { defineTool, type Tool, z } from '@toolcall/pipeline';
import { webFetch } from './web-fetch.js';
import { normalizeWebFetchOptions, type WebFetchOptions } from './web-fetch-options.js';
import { webFetchRenderer } from './web-renderers.js';

const DESCRIPTION = [
  'Fetches a web page or file over http(s) and returns it as readable text.',
  'HTML becomes Markdown with links as [text](url); text, JSON and XML are returned verbatim;',
  'PNG, JPEG, GIF and WebP images are attached; PDFs become their extracted text.',
  'A YouTube video URL returns its title, channel, description and English transcript.',
  'Redirects to another host may come back as a `REDIRECT:` result naming the new URL: call WebFetch again with it.',
].join(' ');

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** Defines the WebFetch tool (readOnly, async, permission domain = the URL's host, 50k limit). */
export function createWebFetchTool(options: WebFetchOptions = {}): Tool<{ url: string }> {
  const normalized = normalizeWebFetchOptions(options);
  return defineTool({
    category: 'web',
    groups: ['web'],
    name: 'WebFetch',
    description: DESCRIPTION,
    readOnly: true,
    annotations: { openWorldHint: true },
    async: true,
    maxResultSize: 50_000,
    args: z.object({
      url: z.string().describe('The http or https URL to fetch.'),
    }),
    permission: { domain: (args) => hostOf(args.url) },
    renderer: webFetchRenderer,
    handler: (args, context) =>
      webFetch(args.url, normalized, { signal: context.signal, toolUseId: context.toolUseId }),
  });
}
