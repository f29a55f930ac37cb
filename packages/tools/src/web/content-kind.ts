import { sniffMediaType } from '@toolcall/media';

/** How WebFetch treats a response body. */
export type ContentKind =
  | { readonly kind: 'html' }
  | { readonly kind: 'text' }
  | { readonly kind: 'image'; readonly mimeType: string }
  | { readonly kind: 'pdf' }
  | { readonly kind: 'other'; readonly mimeType: string };

const IMAGES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/webp']);
const TEXT_APPLICATIONS = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'application/ld+json',
  'application/x-ndjson',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
]);

/** The lower-cased `type/subtype` of a Content-Type header, or '' when absent. */
export function essenceOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function sniff(bytes: Uint8Array): ContentKind {
  const media = sniffMediaType(bytes);
  if (media === 'application/pdf') return { kind: 'pdf' };
  if (media !== undefined) return { kind: 'image', mimeType: media };
  const head = bytes.subarray(0, 1024);
  if (head.includes(0)) return { kind: 'other', mimeType: 'binary data' };
  const text = new TextDecoder('latin1').decode(head).trimStart().toLowerCase();
  if (/^(?:<!doctype html|<html|<head|<body|<!--|<p\b|<div\b|<title\b)/.test(text))
    return { kind: 'html' };
  return { kind: 'text' };
}

/** Classifies a response by its content type, sniffing the bytes when the type is missing. */
export function classifyContent(contentType: string | undefined, bytes: Uint8Array): ContentKind {
  const essence = essenceOf(contentType);
  if (
    essence === '' ||
    (essence === 'application/octet-stream' && sniffMediaType(bytes) !== undefined)
  ) {
    return sniff(bytes);
  }
  if (essence === 'text/html' || essence === 'application/xhtml+xml') return { kind: 'html' };
  if (essence === 'application/pdf' || essence === 'application/x-pdf') return { kind: 'pdf' };
  if (IMAGES.has(essence))
    return { kind: 'image', mimeType: essence === 'image/jpg' ? 'image/jpeg' : essence };
  if (
    essence.startsWith('text/') ||
    TEXT_APPLICATIONS.has(essence) ||
    essence.endsWith('+json') ||
    essence.endsWith('+xml')
  ) {
    return { kind: 'text' };
  }
  return { kind: 'other', mimeType: essence };
}
