import { defineTool, type Tool, z } from '@toolcall/pipeline';
import { webFetch } from './web-fetch.js';
import { normalizeWebFetchOptions, type WebFetchOptions } from './web-fetch-options.js';
import { webFetchRenderer } from './web-renderers.js';

const DESCRIPTION = [
  'Fetches a web page or file over http(s) and returns it as readable text.',
  'HTML becomes Markdown with links as [text](url); text, JSON and XML are returned verbatim;',
  'PNG, JPEG, GIF and WebP images are attached; PDFs become their extracted text.',
  'A YouTube video URL returns its title, channel, description and English transcript.',
  'Loopback, private-network, link-local and cloud-metadata addresses are refused, however spelled.',
  'Redirects to another host may come back as a `REDIRECT:` result naming the new URL: call WebFetch again with it.',
].join(' ');

// The host as URL parsing spells it (so `http://2130706433/` and `http://x@127.0.0.1/` both
// name 127.0.0.1), without the final dots a rule would not write.
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/\.+$/, '') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Defines the WebFetch tool: async, 50k limit, permission domain = the URL's host. It only
 * ever GETs (no method, body, cookies or credentials), so it is a read and plan mode keeps
 * it; but it sends data off the machine, so it is `destructive` to the policy: outside
 * full-auto it asks unless a rule allows the host (`WebFetch(domain:example.com)`).
 */
export function createWebFetchTool(options: WebFetchOptions = {}): Tool<{ url: string }> {
  const normalized = normalizeWebFetchOptions(options);
  return defineTool({
    category: 'web',
    groups: ['web'],
    name: 'WebFetch',
    description: DESCRIPTION,
    readOnly: true,
    destructive: true,
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
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
