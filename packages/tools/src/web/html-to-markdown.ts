import { type HtmlElement, type HtmlNode, isSkippedElement, parseHtml } from './html-parse.js';
import { renderTable } from './markdown-table.js';
import {
  cleanInline,
  collapse,
  encodeTarget,
  escapeLabel,
  type LinkContext,
  resolveLink,
  textContent,
} from './markdown-text.js';

interface Context extends LinkContext {
  readonly inLink: boolean;
}

const BLOCK = new Set(
  'html body main article section header footer nav aside div p h1 h2 h3 h4 h5 h6 ul ol menu li pre blockquote table thead tbody tfoot tr td th hr dl dt dd figure figcaption form fieldset legend address details summary center caption'.split(
    ' ',
  ),
);
const EMPHASIS: Readonly<Record<string, string>> = {
  strong: '**',
  b: '**',
  em: '*',
  i: '*',
  del: '~~',
  s: '~~',
  strike: '~~',
};
const CODE = new Set(['code', 'kbd', 'samp', 'tt', 'var']);
const HIDDEN_INLINE = new Set(['select', 'input', 'textarea', 'button', 'title']);

function renderLink(element: HtmlElement, context: Context): string {
  const text = cleanInline(renderInlineChildren(element, { ...context, inLink: true })).replace(
    /\s+/g,
    ' ',
  );
  const href = element.attributes.get('href');
  if (href === undefined || text === '' || context.inLink) return text;
  const target = resolveLink(href, context);
  if (target === undefined) return text;
  if (text === target || text === href.trim()) return target;
  return `[${escapeLabel(text)}](${encodeTarget(target)})`;
}

function wrap(inner: string, marker: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner);
  const core = match?.[2] ?? '';
  return core === '' ? inner : `${match?.[1] ?? ''}${marker}${core}${marker}${match?.[3] ?? ''}`;
}

function renderInline(node: HtmlNode, context: Context): string {
  if (node.type === 'text') return collapse(node.value);
  const { name } = node;
  if (isSkippedElement(name) || HIDDEN_INLINE.has(name)) return '';
  if (BLOCK.has(name)) return `\n\n${renderBlock(node, context)}\n\n`;
  if (name === 'br') return '\n';
  if (name === 'a') return renderLink(node, context);
  if (name === 'img') {
    const alt = collapse(node.attributes.get('alt') ?? '').trim();
    if (context.inLink || alt === '') return alt;
    const source = resolveLink(node.attributes.get('src') ?? '', context);
    return source === undefined ? alt : `![${escapeLabel(alt)}](${encodeTarget(source)})`;
  }
  if (CODE.has(name)) {
    const code = collapse(textContent(node));
    if (code.trim() === '') return code;
    const fence = code.includes('`') ? '``' : '`';
    return `${fence}${code.includes('`') ? ` ${code} ` : code}${fence}`;
  }
  const marker = EMPHASIS[name];
  const inner = renderInlineChildren(node, context);
  return marker === undefined ? inner : wrap(inner, marker);
}

function renderInlineChildren(element: HtmlElement, context: Context): string {
  return element.children.map((child) => renderInline(child, context)).join('');
}

function renderList(element: HtmlElement, context: Context): string {
  const ordered = element.name === 'ol';
  let number = Number.parseInt(element.attributes.get('start') ?? '1', 10) || 1;
  const items: string[] = [];
  for (const child of element.children) {
    if (child.type === 'text') continue;
    if (child.name !== 'li') {
      const other = renderBlocks([child], context);
      if (other !== '') items.push(other);
      continue;
    }
    const marker = ordered ? `${number}. ` : '- ';
    number += 1;
    const body = renderBlocks(child.children, context, '\n');
    const indent = ' '.repeat(marker.length);
    items.push(
      marker +
        body
          .split('\n')
          .join(`\n${indent}`)
          .replace(/\n +\n/g, '\n\n'),
    );
  }
  return items.join('\n');
}

function renderPre(element: HtmlElement): string {
  const text = textContent(element)
    .replace(/^\r?\n/, '')
    .replace(/\s+$/, '');
  const code = element.children.find(
    (child): child is HtmlElement => child.type === 'element' && child.name === 'code',
  );
  const classes = `${element.attributes.get('class') ?? ''} ${code?.attributes.get('class') ?? ''}`;
  const language = /(?:language|lang)-([\w+#.-]+)/.exec(classes)?.[1] ?? '';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

function renderBlock(element: HtmlElement, context: Context): string {
  const { name } = element;
  const heading = /^h([1-6])$/.exec(name);
  if (heading !== null) {
    const text = cleanInline(renderInlineChildren(element, context)).replace(/\s*\n\s*/g, ' ');
    return text === '' ? '' : `${'#'.repeat(Number(heading[1]))} ${text}`;
  }
  switch (name) {
    case 'ul':
    case 'ol':
    case 'menu':
      return renderList(element, context);
    case 'li':
      return `- ${renderBlocks(element.children, context, '\n').split('\n').join('\n  ')}`;
    case 'pre':
      return renderPre(element);
    case 'hr':
      return '---';
    case 'blockquote': {
      const inner = renderBlocks(element.children, context);
      return inner === ''
        ? ''
        : inner
            .split('\n')
            .map((line) => (line === '' ? '>' : `> ${line}`))
            .join('\n');
    }
    case 'table':
      return renderTable(element, {
        renderCell: (cell) => cleanInline(renderInlineChildren(cell, context)),
        renderBlocks: (nodes) => renderBlocks(nodes, context),
      });
    case 'dl':
      return element.children
        .filter((child): child is HtmlElement => child.type === 'element')
        .map((child) => {
          const body = renderBlocks(child.children, context, '\n');
          return child.name === 'dd' ? `: ${body.split('\n').join('\n  ')}` : body;
        })
        .filter((line) => line !== '' && line !== ': ')
        .join('\n');
    default:
      return renderBlocks(element.children, context);
  }
}

function renderBlocks(nodes: readonly HtmlNode[], context: Context, separator = '\n\n'): string {
  const blocks: string[] = [];
  let inline = '';
  const flush = () => {
    if (inline === '') return;
    const text = cleanInline(inline);
    if (text !== '') blocks.push(text);
    inline = '';
  };
  for (const node of nodes) {
    if (node.type === 'element' && BLOCK.has(node.name) && !isSkippedElement(node.name)) {
      flush();
      const block = renderBlock(node, context);
      if (block.trim() !== '') blocks.push(block);
    } else inline += renderInline(node, context);
  }
  flush();
  return blocks.join(separator);
}

function findBase(node: HtmlNode): string | undefined {
  if (node.type === 'text') return undefined;
  if (node.name === 'base' && node.attributes.has('href')) return node.attributes.get('href');
  for (const child of node.children) {
    const found = findBase(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Converts HTML to readable Markdown: headings, lists, code blocks, tables and links as
 * `[text](url)` resolved against `<base href>` and the page URL; scripts and styles dropped.
 */
export function htmlToMarkdown(html: string, pageUrl: URL): string {
  const root = parseHtml(html);
  let base = pageUrl;
  const baseHref = findBase(root);
  if (baseHref !== undefined) {
    try {
      base = new URL(baseHref, pageUrl);
    } catch {
      base = pageUrl;
    }
  }
  const page = pageUrl.href.slice(0, pageUrl.hash === '' ? undefined : -pageUrl.hash.length);
  const markdown = renderBlocks(root.children, { base, page, inLink: false });
  return markdown
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
