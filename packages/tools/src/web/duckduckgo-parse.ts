import { type HtmlElement, type HtmlNode, parseHtml } from './html-parse.js';
import { textContent } from './markdown-text.js';

/** One organic search result. */
export interface SearchResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

/** What a DuckDuckGo HTML page held: results, an explicit empty answer, a challenge, or neither. */
export type SearchPage =
  | { readonly kind: 'results'; readonly results: readonly SearchResult[] }
  | { readonly kind: 'challenge' }
  | { readonly kind: 'unrecognised' };

function classesOf(element: HtmlElement): string[] {
  return (element.attributes.get('class') ?? '').split(/\s+/).filter(Boolean);
}

function findAll(
  node: HtmlNode,
  test: (element: HtmlElement) => boolean,
  into: HtmlElement[] = [],
): HtmlElement[] {
  if (node.type === 'text') return into;
  if (test(node)) {
    into.push(node);
    return into;
  }
  for (const child of node.children) findAll(child, test, into);
  return into;
}

function hasClass(name: string): (element: HtmlElement) => boolean {
  return (element) => classesOf(element).includes(name);
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Unwraps DuckDuckGo's `/l/?uddg=` redirect to the destination and re-encodes it as a valid
 * URL; ad links (`/y.js`) and non-http destinations give `undefined`.
 */
export function unwrapDestination(href: string, pageUrl: URL): string | undefined {
  let link: URL;
  try {
    link = new URL(href, pageUrl);
  } catch {
    return undefined;
  }
  const viaDuckDuckGo = /(^|\.)duckduckgo\.com$/i.test(link.hostname) || link.host === pageUrl.host;
  if (viaDuckDuckGo && link.pathname === '/y.js') return undefined;
  const wrapped = viaDuckDuckGo && link.pathname === '/l/' ? link.searchParams.get('uddg') : null;
  let destination: URL;
  try {
    destination = new URL(wrapped ?? link.href);
  } catch {
    return undefined;
  }
  if (destination.protocol !== 'http:' && destination.protocol !== 'https:') return undefined;
  return destination.href;
}

// The challenge page's own elements: its form, or the modal (`anomaly-modal__…` classes).
function isChallengeElement(element: HtmlElement): boolean {
  if (element.name === 'form' && element.attributes.get('id') === 'challenge-form') return true;
  if (element.attributes.get('id') === 'anomaly') return true;
  return classesOf(element).some((name) => name.startsWith('anomaly-modal'));
}

/**
 * Parses a DuckDuckGo HTML result page by result block, skipping ads and duplicates. The bot
 * challenge is recognised by its structure (no result blocks, the challenge's form or modal
 * elements), never by text, so a query or result that mentions it is still a result page.
 */
export function parseDuckDuckGoPage(html: string, pageUrl: URL): SearchPage {
  const root = parseHtml(html);
  const blocks = findAll(root, (element) => {
    const classes = classesOf(element);
    return classes.includes('result') || classes.includes('web-result');
  });
  if (blocks.length === 0 && findAll(root, isChallengeElement).length > 0) {
    return { kind: 'challenge' };
  }
  const noResults =
    blocks.some(hasClass('result--no-result')) || findAll(root, hasClass('no-results')).length > 0;
  if (blocks.length === 0 && !noResults) return { kind: 'unrecognised' };
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const block of blocks) {
    const classes = classesOf(block);
    if (classes.includes('result--ad') || classes.includes('result--no-result')) continue;
    const anchor = findAll(block, hasClass('result__a'))[0];
    const href = anchor?.attributes.get('href');
    if (anchor === undefined || href === undefined) continue;
    const url = unwrapDestination(href, pageUrl);
    if (url === undefined || seen.has(url)) continue;
    seen.add(url);
    const snippet = findAll(block, hasClass('result__snippet'))[0];
    results.push({
      title: clean(textContent(anchor)) || url,
      url,
      snippet: snippet === undefined ? '' : clean(textContent(snippet)),
    });
  }
  return { kind: 'results', results };
}
