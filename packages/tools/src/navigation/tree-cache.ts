import { Edit, type Parser, type Point, type Tree } from 'web-tree-sitter';
import type { LanguageId, LanguageSpec } from './languages.js';
import { loadParser, parseWith } from './load-language.js';

interface Cached {
  readonly language: LanguageId;
  readonly text: string;
  readonly tree: Tree;
}

// A few recent files keep their trees, so asking again about an unchanged or lightly
// edited file reuses the tree (an incremental reparse) instead of parsing from scratch.
const LIMIT = 4;
// Very large files would pin too much wasm memory; they are parsed fresh every time.
const MAX_CACHED_LENGTH = 2_000_000;
const cache = new Map<string, Cached>();

function pointAt(text: string, index: number): Point {
  let row = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: index - lineStart };
}

/** The single edit that turns `before` into `after`: their common prefix and suffix kept. */
export function editBetween(before: string, after: string): Edit {
  const shorter = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix++;
  }
  return new Edit({
    startIndex: prefix,
    oldEndIndex: before.length - suffix,
    newEndIndex: after.length - suffix,
    startPosition: pointAt(before, prefix),
    oldEndPosition: pointAt(before, before.length - suffix),
    newEndPosition: pointAt(after, after.length - suffix),
  });
}

function remember(key: string, entry: Cached): void {
  const previous = cache.get(key);
  if (previous !== undefined && previous.tree !== entry.tree) previous.tree.delete();
  cache.delete(key);
  cache.set(key, entry);
  while (cache.size > LIMIT) {
    const [oldest, old] = cache.entries().next().value as [string, Cached];
    cache.delete(oldest);
    old.tree.delete();
  }
}

function cachedTree(key: string, parser: Parser, spec: LanguageSpec, text: string): Tree {
  const cached = cache.get(key);
  if (cached === undefined || cached.language !== spec.id) return parseWith(parser, spec, text);
  if (cached.text === text) return cached.tree;
  cached.tree.edit(editBetween(cached.text, text));
  return parseWith(parser, spec, text, cached.tree);
}

/**
 * Runs `use` on the tree of `text`. With a `key` (the file's absolute path) the tree is
 * cached and reused; `use` must not keep or delete it.
 */
export async function withTree<T>(
  key: string | undefined,
  spec: LanguageSpec,
  text: string,
  use: (tree: Tree) => T,
): Promise<T> {
  const parser = await loadParser(spec);
  // From here on everything is synchronous, so concurrent calls cannot interleave on a tree.
  if (key === undefined || text.length > MAX_CACHED_LENGTH) {
    const tree = parseWith(parser, spec, text);
    try {
      return use(tree);
    } finally {
      tree.delete();
    }
  }
  let tree: Tree;
  try {
    tree = cachedTree(key, parser, spec, text);
  } catch (error) {
    // An edited tree that failed to reparse no longer matches its text.
    const stale = cache.get(key);
    cache.delete(key);
    stale?.tree.delete();
    throw error;
  }
  remember(key, { language: spec.id, text, tree });
  return use(tree);
}
