import { decodeEntities } from './html-entities.js';

/** A parsed HTML element with lower-cased name and attribute names. */
export interface HtmlElement {
  readonly type: 'element';
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: HtmlNode[];
}

/** A run of decoded text. */
export interface HtmlText {
  readonly type: 'text';
  readonly value: string;
}

/** A node of the forgiving tree `parseHtml` builds. */
export type HtmlNode = HtmlElement | HtmlText;

const VOID = new Set(
  'area base br col embed hr img input link meta param source track wbr'.split(' '),
);
// Elements whose content is never shown as text.
const SKIPPED = new Set(
  'script style noscript template svg math iframe object canvas head'.split(' '),
);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp']);
const CLOSES_P = new Set(
  'address article aside blockquote details div dl fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr main nav ol p pre section table ul'.split(
    ' ',
  ),
);
// An opening tag closes an open sibling of these kinds, up to the listed boundaries.
const IMPLIED: Readonly<Record<string, { closes: readonly string[]; stop: readonly string[] }>> = {
  li: { closes: ['li'], stop: ['ul', 'ol', 'menu'] },
  dt: { closes: ['dt', 'dd'], stop: ['dl'] },
  dd: { closes: ['dt', 'dd'], stop: ['dl'] },
  tr: { closes: ['tr', 'td', 'th'], stop: ['table', 'thead', 'tbody', 'tfoot'] },
  td: { closes: ['td', 'th'], stop: ['tr', 'table'] },
  th: { closes: ['td', 'th'], stop: ['tr', 'table'] },
  thead: { closes: ['thead', 'tbody', 'tr', 'td', 'th'], stop: ['table'] },
  tbody: { closes: ['thead', 'tbody', 'tr', 'td', 'th'], stop: ['table'] },
  tfoot: { closes: ['thead', 'tbody', 'tr', 'td', 'th'], stop: ['table'] },
  option: { closes: ['option'], stop: ['select'] },
};

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const TAG =
  /<(\/?)([A-Za-z][A-Za-z0-9:-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?|\s*\/)*)\s*(\/?)>/y;

const MAX_DEPTH = 256;
const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();
const RAW_TEXT_END = new Map<string, RegExp>();

function parseAttributes(text: string): ReadonlyMap<string, string> {
  if (text.trim() === '' || text.trim() === '/') return NO_ATTRIBUTES;
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name))
      attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** Parses HTML into a tree, never failing: stray tags are ignored and open ones closed. */
export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { type: 'element', name: '#root', attributes: new Map(), children: [] };
  const stack: HtmlElement[] = [root];
  const top = () => stack[stack.length - 1] ?? root;
  const text = (value: string) => {
    if (value !== '') top().children.push({ type: 'text', value: decodeEntities(value) });
  };
  // Closes the innermost (an end tag) or outermost (an implied end) open element named in
  // `names` above the nearest `stop` boundary.
  const closeUpTo = (names: readonly string[], stop: readonly string[], outermost = false) => {
    let cut = -1;
    for (let index = stack.length - 1; index > 0; index -= 1) {
      const name = stack[index]?.name ?? '';
      if (stop.includes(name)) break;
      if (names.includes(name)) {
        cut = index;
        if (!outermost) break;
      }
    }
    if (cut !== -1) stack.length = cut;
  };
  let position = 0;
  while (position < html.length) {
    const next = html.indexOf('<', position);
    if (next === -1) {
      text(html.slice(position));
      break;
    }
    text(html.slice(position, next));
    position = next;
    if (html.startsWith('<!--', position)) {
      const end = html.indexOf('-->', position + 4);
      position = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<![CDATA[', position)) {
      const end = html.indexOf(']]>', position);
      top().children.push({
        type: 'text',
        value: html.slice(position + 9, end === -1 ? undefined : end),
      });
      position = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<!', position) || html.startsWith('<?', position)) {
      const end = html.indexOf('>', position);
      position = end === -1 ? html.length : end + 1;
      continue;
    }
    TAG.lastIndex = position;
    const tag = TAG.exec(html);
    if (tag === null) {
      text('<');
      position += 1;
      continue;
    }
    position = TAG.lastIndex;
    const name = (tag[2] ?? '').toLowerCase();
    if (tag[1] === '/') {
      closeUpTo([name], name === 'p' || name === 'li' ? ['ul', 'ol', 'table', 'div'] : []);
      continue;
    }
    if (CLOSES_P.has(name)) closeUpTo(['p'], ['button', 'table', 'li', 'td', 'th']);
    const implied = IMPLIED[name];
    if (implied !== undefined) closeUpTo(implied.closes, implied.stop, true);
    const element: HtmlElement = {
      type: 'element',
      name,
      attributes: parseAttributes(tag[3] ?? ''),
      children: [],
    };
    if (RAW_TEXT.has(name)) {
      const closer = RAW_TEXT_END.get(name) ?? new RegExp(`</${name}[\\s/>]`, 'gi');
      RAW_TEXT_END.set(name, closer);
      closer.lastIndex = position;
      const close = closer.exec(html)?.index ?? -1;
      const end = close === -1 ? html.length : close;
      if (!SKIPPED.has(name))
        element.children.push({ type: 'text', value: html.slice(position, end) });
      const after = html.indexOf('>', end);
      position = close === -1 || after === -1 ? html.length : after + 1;
      top().children.push(element);
      continue;
    }
    top().children.push(element);
    // Past the depth cap, elements become leaves' siblings so rendering never exhausts the stack.
    if (!VOID.has(name) && tag[4] !== '/' && stack.length < MAX_DEPTH) stack.push(element);
  }
  return root;
}

/** Whether an element's content is never shown (scripts, styles, the head). */
export function isSkippedElement(name: string): boolean {
  return SKIPPED.has(name);
}
