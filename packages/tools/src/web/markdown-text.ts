import { type HtmlNode, isSkippedElement } from './html-parse.js';

/** Where links resolve: the base URL, and the page URL without its fragment. */
export interface LinkContext {
  readonly base: URL;
  readonly page: string;
}

/** Collapses HTML whitespace runs to one space. */
export function collapse(text: string): string {
  return text.replace(/[ \t\n\r\f]+/g, ' ');
}

/** Collapses spaces and trims every line of an inline run. */
export function cleanInline(text: string): string {
  // Most runs are one line, often only the whitespace between two blocks.
  if (!text.includes('\n')) return /\S/.test(text) ? text.replace(/[ \t]+/g, ' ').trim() : '';
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Text content of a node, keeping whitespace (for `pre` and code). */
export function textContent(node: HtmlNode): string {
  if (node.type === 'text') return node.value;
  if (node.name === 'br') return '\n';
  if (isSkippedElement(node.name)) return '';
  return node.children.map(textContent).join('');
}

/**
 * Resolves a link target against the base; non-http(s) links and anchors into the page
 * itself give `undefined` (they stay plain text).
 */
export function resolveLink(href: string, context: LinkContext): string | undefined {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, context.base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.hash !== '' && url.href.slice(0, -url.hash.length) === context.page) return undefined;
  return url.href;
}

/** Escapes the characters that would end or break a Markdown link label. */
export function escapeLabel(text: string): string {
  return text.replace(/[[\]\\]/g, (character) => `\\${character}`);
}

/** Percent-encodes parentheses so a link target cannot end the Markdown link early. */
export function encodeTarget(url: string): string {
  return url.replace(/\(/g, '%28').replace(/\)/g, '%29');
}
