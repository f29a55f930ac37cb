import { summarizeMedia, validateMedia } from '@toolcall/media';
import type { HandlerEnvelope, JsonObject } from '@toolcall/pipeline';
import type { HttpResponse } from './http-request.js';
import type { NormalizedWebFetchOptions } from './web-fetch-options.js';

const MIB = 1024 * 1024;

function sizeLimit(bytes: number): string {
  return bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes.toLocaleString('en-US')} bytes`;
}

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
  const size = response.totalBytes.toLocaleString('en-US');
  if (response.totalBytes > options.maxImageBytes) {
    return failure(
      `${content.mimeType} image of ${size} bytes exceeds the ${sizeLimit(options.maxImageBytes)} limit`,
      renderData,
    );
  }
  if (!options.acceptsMedia(content.mimeType)) {
    return failure(
      `the current model does not accept ${content.mimeType} images (${size} bytes)`,
      renderData,
    );
  }
  const validated = validateMedia(response.body, {
    mimeType: content.mimeType,
    limits: { imageMaxBytes: options.maxImageBytes },
  });
  if (!validated.success) {
    return failure(
      `${content.mimeType} response of ${size} bytes is not a valid image: ${validated.error.message}`,
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

/** Extracts a fetched PDF's text, saving the PDF as an artifact when storage is given. */
export async function fetchedPdf({
  response,
  finalUrl,
  options,
  lead,
  renderData,
  call,
  timeoutMs,
}: {
  response: HttpResponse;
  finalUrl: URL;
  options: NormalizedWebFetchOptions;
  lead: readonly string[];
  renderData: JsonObject;
  call: { readonly signal: AbortSignal | undefined; readonly toolUseId: string };
  timeoutMs: number;
}): Promise<HandlerEnvelope> {
  const size = response.totalBytes.toLocaleString('en-US');
  if (response.totalBytes > options.maxPdfBytes) {
    return failure(
      `application/pdf of ${size} bytes exceeds the ${sizeLimit(options.maxPdfBytes)} limit`,
      renderData,
    );
  }
  const bytes = response.body;
  let address: string | undefined;
  if (options.saveArtifact !== undefined) {
    try {
      const saved = await options.saveArtifact({
        bytes,
        name: artifactName(finalUrl),
        mimeType: 'application/pdf',
        toolUseId: call.toolUseId,
      });
      address = saved.address;
    } catch (error) {
      // An unsaved PDF still yields its text; the failure is named in the result.
      lead = [...lead, `PDF not saved: ${error instanceof Error ? error.message : String(error)}`];
    }
  }
  const saved =
    address === undefined
      ? []
      : [`${address} (saved PDF, ${size} bytes; Read opens it as a document or as rendered pages)`];
  const extracted = await options.extractPdfText(bytes, { timeoutMs, signal: call.signal });
  const data = { ...renderData, ...(address === undefined ? {} : { artifact: address }) };
  if (!extracted.success) {
    if (address === undefined)
      return failure(`${extracted.error.message} (application/pdf, ${size} bytes)`, data);
    return {
      result: withLead(lead, [...saved, `Text extraction failed: ${extracted.error.message}`]),
      renderData: data,
    };
  }
  const text = extracted.value
    .replace(/\f/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const body = text === '' ? 'The PDF has no extractable text (it may be scanned images).' : text;
  return {
    result: withLead(lead, [...saved, ...(saved.length > 0 || lead.length > 0 ? [''] : []), body]),
    renderData: data,
  };
}
