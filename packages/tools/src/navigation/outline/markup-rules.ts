import type { Node } from 'web-tree-sitter';
import { collapse } from './node-text.js';
import type { Definition, OutlineRules, Scope } from './types.js';

function jsonKey(node: Node): string | undefined {
  const key = node.childForFieldName('key');
  if (key === null) return undefined;
  const content = key.namedChildren.find((child) => child?.type === 'string_content');
  return content?.text ?? (key.type === 'string' ? '' : key.text);
}

function describeJson(node: Node, scope: Scope): Definition | undefined {
  if (node.type === 'pair') {
    const name = jsonKey(node);
    return name === undefined ? undefined : { kind: undefined, name };
  }
  // An object inside an array is named by its index, so its keys get a distinct path.
  // The walk counts the index as it goes: looking back along the siblings would make a long
  // array of objects quadratic.
  if (node.parent?.type !== 'array') return undefined;
  return { kind: undefined, name: `[${scope.index}]` };
}

/** Outline rules for JSON: every key, nested under its parent keys. */
export const jsonRules: OutlineRules = {
  candidates: new Set(['pair', 'object']),
  descend: new Set(['document', 'object', 'array', 'pair']),
  describe: describeJson,
};

function describeCss(node: Node): Definition | undefined {
  if (node.type === 'rule_set') {
    const selectors = node.namedChildren.find((child) => child?.type === 'selectors');
    return selectors ? { kind: undefined, name: collapse(selectors.text) } : undefined;
  }
  const text = node.text;
  const brace = text.indexOf('{');
  const name = collapse(brace === -1 ? text.replace(/;\s*$/, '') : text.slice(0, brace));
  return name === '' ? undefined : { kind: undefined, name };
}

/** Outline rules for CSS: rule sets by selector, nested under their at-rules. */
export const cssRules: OutlineRules = {
  candidates: new Set([
    'rule_set',
    'media_statement',
    'keyframes_statement',
    'supports_statement',
    'at_rule',
  ]),
  descend: new Set(['stylesheet', 'block']),
  describe: describeCss,
};

const HEADING = /^h[1-6]$/i;
const LANDMARKS = new Set([
  'head',
  'body',
  'header',
  'nav',
  'main',
  'section',
  'article',
  'aside',
  'footer',
  'form',
  'table',
  'template',
  'dialog',
]);

function attribute(startTag: Node, name: string): string | undefined {
  for (const attr of startTag.namedChildren) {
    if (attr?.type !== 'attribute') continue;
    const key = attr.namedChildren.find((child) => child?.type === 'attribute_name');
    if (key?.text.toLowerCase() !== name) continue;
    const value = attr.namedChildren.find(
      (child) => child?.type === 'quoted_attribute_value' || child?.type === 'attribute_value',
    );
    return value === undefined || value === null ? '' : value.text.replace(/^["']|["']$/g, '');
  }
  return undefined;
}

function describeHtml(node: Node): Definition | undefined {
  const startTag = node.namedChildren.find((child) => child?.type === 'start_tag');
  const tag = startTag?.namedChildren.find((child) => child?.type === 'tag_name')?.text;
  if (startTag === undefined || startTag === null || tag === undefined) return undefined;
  if (HEADING.test(tag)) {
    const inner = node.namedChildren
      .filter((child) => child?.type !== 'start_tag' && child?.type !== 'end_tag')
      .map((child) => child?.text ?? '')
      .join(' ');
    return { kind: undefined, name: `${tag} ${collapse(inner.replace(/<[^>]*>/g, ' '))}`.trim() };
  }
  const id = attribute(startTag, 'id');
  if (id !== undefined && id !== '') return { kind: undefined, name: `${tag}#${id}` };
  if (node.type !== 'element') {
    const src = attribute(startTag, 'src');
    return { kind: undefined, name: src === undefined ? tag : `${tag} ${src}` };
  }
  return LANDMARKS.has(tag.toLowerCase()) ? { kind: undefined, name: tag } : undefined;
}

/** Outline rules for HTML: landmarks, headings, scripts, styles and elements with an id. */
export const htmlRules: OutlineRules = {
  candidates: new Set(['element', 'script_element', 'style_element']),
  descend: new Set(['document', 'element']),
  describe: describeHtml,
};
