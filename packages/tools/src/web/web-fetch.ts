import type { IncomingHttpHeaders } from 'node:http';
import type { HandlerEnvelope, JsonObject } from '@toolcall/pipeline';
import { formatBytes, formatSize } from './byte-size.js';
import { decodeBody } from './charset.js';
import { classifyContent, essenceOf } from './content-kind.js';
import { createDestinationGuard } from './destination-guard.js';
import { fetchedImage, fetchedPdf } from './fetch-binary.js';
import { htmlToMarkdown } from './html-to-markdown.js';
import { createRedirectPolicy } from './redirect-policy.js';
import { parseWebUrl, retrieve } from './retrieve.js';
import type { NormalizedWebFetchOptions } from './web-fetch-options.js';
import { fetchYouTubeVideo } from './youtube-fetch.js';
import { youTubeVideoId } from './youtube-url.js';

/** What one WebFetch call knows beside its URL. */
export interface WebFetchCall {
  readonly signal: AbortSignal | undefined;
  readonly toolUseId: string;
}

const ACCEPT =
  'text/markdown, text/html;q=0.9, application/xhtml+xml;q=0.9, text/plain;q=0.8, */*;q=0.5';

// The bytes worth keeping of a body, by its declared type: text up to the cut, images up to
// their limit, PDFs whole, other types none (only their size is reported); untyped bodies are
// sniffed later, so they keep the most any kind needs.
function keptBytes(headers: IncomingHttpHeaders, options: NormalizedWebFetchOptions): number {
  const contentType = headers['content-type'];
  const essence = essenceOf(contentType);
  if (essence === '' || essence === 'application/octet-stream') {
    return Math.max(options.maxBodyBytes, options.maxImageBytes, options.maxResponseBytes);
  }
  const kind = classifyContent(contentType, new Uint8Array()).kind;
  if (kind === 'html' || kind === 'text') return options.maxBodyBytes;
  if (kind === 'image') return options.maxImageBytes;
  if (kind === 'pdf') return options.maxResponseBytes;
  return 0;
}

function failure(message: string, renderData?: JsonObject): HandlerEnvelope {
  return { result: `Error: ${message}`, status: 'error', ...(renderData ? { renderData } : {}) };
}

/** Fetches one URL as WebFetch: redirects decided, content turned into text or media. */
export async function webFetch(
  url: string,
  options: NormalizedWebFetchOptions,
  call: WebFetchCall,
): Promise<HandlerEnvelope> {
  const requested = parseWebUrl(url);
  const videoId = requested.success ? youTubeVideoId(requested.value) : undefined;
  if (requested.success && videoId !== undefined) {
    return fetchYouTubeVideo(videoId, requested.value, options, call);
  }
  const started = Date.now();
  const retrieved = await retrieve({
    url,
    headers: {
      accept: ACCEPT,
      'accept-encoding': 'gzip, deflate, br',
      'user-agent': options.userAgent,
    },
    timeoutMs: options.timeoutMs,
    maxBytes: (headers) => keptBytes(headers, options),
    // A bounded extra read past what is kept, so a longer body's size can be stated.
    countBytes: Math.max(options.maxBodyBytes, options.maxImageBytes, options.maxResponseBytes) + 1,
    maxRedirects: options.maxRedirects,
    lookup: options.lookup,
    signal: call.signal,
    decideRedirect: createRedirectPolicy(options),
    guard: createDestinationGuard({
      allowHost: options.allowPrivateHost,
      loopbackIsPublic: options.treatLoopbackAsPublic,
    }),
  });
  if (!retrieved.success) {
    const { error } = retrieved;
    const prefix = error.code === 'timed-out' ? `WebFetch of ${url} ` : '';
    return failure(`${prefix}${error.message}`);
  }
  const outcome = retrieved.value;
  const requestedHost = new URL(url).host;
  if (outcome.kind === 'redirect') {
    return {
      result: [
        `REDIRECT: ${outcome.target.href}`,
        `${outcome.from.href} redirected (HTTP ${outcome.status}) to another host. To continue, call WebFetch with the URL above.`,
      ].join('\n'),
      renderData: {
        requestedHost,
        finalHost: outcome.target.host,
        status: outcome.status,
        redirect: true,
      },
    };
  }
  const { response, finalUrl, redirects } = outcome;
  const contentType = response.headers['content-type'];
  const renderData: JsonObject = {
    requestedHost,
    finalHost: finalUrl.host,
    status: response.status,
    contentType: essenceOf(contentType) || null,
    bytes: response.totalBytes,
  };
  const lead = redirects > 0 ? [`Final URL: ${finalUrl.href}`] : [];
  const content = classifyContent(contentType, response.body);
  const isHtml = content.kind === 'html';
  if (response.status < 200 || response.status >= 300) {
    const text = content.kind === 'html' || content.kind === 'text' ? describeText() : '';
    return failure(
      `HTTP ${response.status} from ${finalUrl.href}${text ? `\n\n${text.slice(0, 2_000)}` : ''}`,
      renderData,
    );
  }
  if (content.kind === 'html' || content.kind === 'text') {
    const text = describeText() || '(empty response body)';
    const cut =
      response.totalBytes > options.maxBodyBytes
        ? [`[Response cut at ${formatBytes(options.maxBodyBytes)} of ${formatSize(response)}]`]
        : [];
    return {
      result: [...lead, ...(lead.length > 0 ? [''] : []), text, ...cut].join('\n'),
      renderData,
    };
  }
  if (content.kind === 'image') {
    return fetchedImage({ content, response, options, lead, renderData });
  }
  if (content.kind === 'pdf') {
    const remaining = options.timeoutMs - (Date.now() - started);
    return fetchedPdf({
      response,
      url,
      finalUrl,
      options,
      lead,
      renderData,
      call,
      remainingMs: remaining,
    });
  }
  return failure(
    `unsupported content type ${content.mimeType} (${formatSize(response)}) from ${finalUrl.href}`,
    renderData,
  );

  function describeText(): string {
    const bytes = response.body.subarray(0, options.maxBodyBytes);
    const decoded = decodeBody(bytes, { contentType, html: isHtml });
    return isHtml ? htmlToMarkdown(decoded, finalUrl) : decoded;
  }
}
