import { summarizeMedia, validateMedia } from '@toolcall/media';
import type { HandlerEnvelope, JsonObject } from '@toolcall/pipeline';
import { formatLimit, formatSize } from './byte-size.js';
import { abortFailure, raceAbort, startDeadline } from './deadline.js';
import type { HttpResponse } from './http-request.js';
import type { NormalizedWebFetchOptions } from './web-fetch-options.js';

function failure(message: string, renderData: JsonObject): HandlerEnvelope {
  return { result: `Error: ${message}`, status: 'error', renderData };
}

function withLead(lead: readonly string[], lines: readonly string[]): string {
  return [...lead, ...lines].join('\n');
}

/** Attaches a fetched PNG, JPEG, GIF or WebP as media with a one-line summary. */
export function fetchedImage({
  content,
  response,
  options,
  lead,
  renderData,
}: {
  content: { readonly mimeType: string };
  response: HttpResponse;
  options: NormalizedWebFetchOptions;
  lead: readonly string[];
  renderData: JsonObject;
}): HandlerEnvelope {
  const size = formatSize(response);
  if (!response.sizeExact || response.totalBytes > options.maxImageBytes) {
    return failure(
      `${content.mimeType} image of ${size} exceeds the ${formatLimit(options.maxImageBytes)} limit`,
      renderData,
    );
  }
  if (!options.acceptsMedia(content.mimeType)) {
    return failure(
      `the current model does not accept ${content.mimeType} images (${size})`,
      renderData,
    );
  }
  const validated = validateMedia(response.body, {
    mimeType: content.mimeType,
    limits: { imageMaxBytes: options.maxImageBytes },
  });
  if (!validated.success) {
    return failure(
      `${content.mimeType} response of ${size} is not a valid image: ${validated.error.message}`,
      renderData,
    );
  }
  const info = validated.value;
  return {
    result: withLead(lead, [`Image: ${summarizeMedia(info)}`]),
    renderData,
    media: [{ mimeType: info.mimeType, data: response.body }],
  };
}

function artifactName(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  const stem = decodeURIComponent(last.replace(/%(?![0-9a-f]{2})/gi, '%25'))
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  return `WebFetch-${stem || url.hostname.replace(/[^A-Za-z0-9.-]/g, '-')}.pdf`;
}

/** What `fetchedPdf` needs: the response, the call, and the time left of the call's timeout. */
export interface FetchedPdfInput {
  readonly response: HttpResponse;
  /** The requested URL, named by a timeout. */
  readonly url: string;
  readonly finalUrl: URL;
  readonly options: NormalizedWebFetchOptions;
  /** `Final URL: …` when redirected: it stays the first line, before the artifact address. */
  readonly lead: readonly string[];
  readonly renderData: JsonObject;
  readonly call: { readonly signal: AbortSignal | undefined; readonly toolUseId: string };
  readonly remainingMs: number;
}

/**
 * Extracts a fetched PDF's text, saving the PDF as an artifact when storage is given and it
 * is within the saving limit. Saving and extraction share what is left of the call's timeout.
 */
export async function fetchedPdf(input: FetchedPdfInput): Promise<HandlerEnvelope> {
  const { response, options, renderData } = input;
  if (!response.sizeExact || response.totalBytes > options.maxResponseBytes) {
    return failure(
      `application/pdf of ${formatSize(response)} exceeds the ${formatLimit(options.maxResponseBytes)} limit`,
      renderData,
    );
  }
  const deadline = startDeadline(input.remainingMs, options.timeoutMs, input.call.signal);
  try {
    return await savedAndExtracted(input, deadline.signal);
  } finally {
    deadline.release();
  }
}

type Saved =
  | { readonly kind: 'saved'; readonly address: string }
  | { readonly kind: 'not-saved'; readonly reason: string | undefined }
  | { readonly kind: 'aborted' };

async function savePdf(
  { response, finalUrl, options, call }: FetchedPdfInput,
  signal: AbortSignal,
): Promise<Saved> {
  if (options.saveArtifact === undefined) return { kind: 'not-saved', reason: undefined };
  if (response.totalBytes > options.maxPdfBytes) {
    return {
      kind: 'not-saved',
      reason: `it is larger than the ${formatLimit(options.maxPdfBytes)} limit for saved PDFs`,
    };
  }
  try {
    const saved = await raceAbort(
      options.saveArtifact({
        bytes: response.body,
        name: artifactName(finalUrl),
        mimeType: 'application/pdf',
        toolUseId: call.toolUseId,
      }),
      signal,
    );
    return saved.aborted ? { kind: 'aborted' } : { kind: 'saved', address: saved.value.address };
  } catch (error) {
    // An unsaved PDF still yields its text; the failure is named in the result.
    return { kind: 'not-saved', reason: error instanceof Error ? error.message : String(error) };
  }
}

async function savedAndExtracted(
  input: FetchedPdfInput,
  signal: AbortSignal,
): Promise<HandlerEnvelope> {
  const { response, options, renderData } = input;
  const size = formatSize(response);
  // The deadline passed (or the call was cancelled) while saving or extracting.
  const stopped = () => {
    const failed = abortFailure<never>(signal);
    if (failed.success) return failure('the request was cancelled', renderData);
    const { code, message } = failed.error;
    return failure(
      code === 'timed-out' ? `WebFetch of ${input.url} ${message}` : message,
      renderData,
    );
  };
  const saved = await savePdf(input, signal);
  if (saved.kind === 'aborted') return stopped();
  const address = saved.kind === 'saved' ? saved.address : undefined;
  const lead = [
    ...input.lead,
    ...(address === undefined
      ? []
      : [`${address} (saved PDF, ${size}; Read opens it as a document or as rendered pages)`]),
    ...(saved.kind === 'not-saved' && saved.reason !== undefined
      ? [`PDF not saved: ${saved.reason}`]
      : []),
  ];
  const extracted = await raceAbort(
    options.extractPdfText(response.body, {
      timeoutMs: Math.max(1, input.remainingMs),
      signal,
    }),
    signal,
  );
  // The extractor stops with the deadline too: its failure then is the timeout.
  if (extracted.aborted || signal.aborted) return stopped();
  const data = { ...renderData, ...(address === undefined ? {} : { artifact: address }) };
  if (!extracted.value.success) {
    const { message } = extracted.value.error;
    if (address === undefined) return failure(`${message} (application/pdf, ${size})`, data);
    return { result: withLead(lead, [`Text extraction failed: ${message}`]), renderData: data };
  }
  const text = extracted.value.value
    .replace(/\f/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const body = text === '' ? 'The PDF has no extractable text (it may be scanned images).' : text;
  return {
    result: withLead(lead, [...(lead.length > 0 ? [''] : []), body]),
    renderData: data,
  };
}
