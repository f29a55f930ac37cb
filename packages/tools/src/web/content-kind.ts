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
  return looksLikeHtml(new TextDecoder('latin1').decode(head))
    ? { kind: 'html' }
    : { kind: 'text' };
}

// The tags that open an HTML document (the WHATWG sniffing list, plus meta, link and h2–h6),
// each followed by a space, `>` or `/`.
const HTML_START =
  /^<(?:!doctype\s+html|html|head|body|title|meta|link|style|script|iframe|h[1-6]|table|div|p|a|b|br|font)(?=[\s>/])/;
const XHTML_START = /^<(?:!doctype\s+html|html)(?=[\s>/])/;

/**
 * Whether the start of an untyped body is HTML: after a byte-order mark, white space and
 * comments it opens with an HTML tag, or it is an XML prolog followed by `<html`.
 */
function looksLikeHtml(head: string): boolean {
  let text = head.replace(/^\u00ef\u00bb\u00bf/, '').toLowerCase();
  let prolog = false;
  for (;;) {
    text = text.trimStart();
    if (text.startsWith('<!--')) {
      const end = text.indexOf('-->', 4);
      if (end < 0) return false;
      text = text.slice(end + 3);
    } else if (!prolog && text.startsWith('<?xml')) {
      const end = text.indexOf('?>');
      if (end < 0) return false;
      text = text.slice(end + 2);
      prolog = true;
    } else {
      return (prolog ? XHTML_START : HTML_START).test(text);
    }
  }
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
