import { Edit, type Parser, type Point, type Tree } from 'web-tree-sitter';
import type { LanguageId, LanguageSpec } from './languages.js';
import { loadParser, parseWith } from './load-language.js';
import type { OutlineEntry } from './outline/types.js';

interface Cached {
  readonly language: LanguageId;
  readonly text: string;
  readonly tree: Tree;
  /**
   * Set after a split outline: its entries, while `tree` covers only the first part. The
   * whole tree is made from it (an incremental reparse) when a call needs one.
   */
  readonly entries?: readonly OutlineEntry[];
}

// A few recent files keep their trees, so asking again about an unchanged or lightly
// edited file reuses the tree (an incremental reparse) instead of parsing from scratch.
const LIMIT = 4;
// Very large files would pin too much wasm memory; they are parsed fresh every time.
const MAX_CACHED_LENGTH = 2_000_000;
const cache = new Map<string, Cached>();

// Trees no longer used, freed once the event loop turns after the call that dropped them.
const released: Tree[] = [];
let flushing = false;

/** Frees the released trees now. */
export function freeReleased(): void {
  for (const tree of released.splice(0)) tree.delete();
}

/**
 * Frees a tree off the current call's critical path: once the event loop turns, or at the
 * start of the next parse when calls follow each other without a turn, so at most one
 * call's trees wait.
 */
export function release(tree: Tree): void {
  released.push(tree);
  if (flushing) return;
  flushing = true;
  setImmediate(() => {
    flushing = false;
    freeReleased();
  });
}

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
  if (previous !== undefined && previous.tree !== entry.tree) release(previous.tree);
  cache.delete(key);
  cache.set(key, entry);
  while (cache.size > LIMIT) {
    const [oldest, old] = cache.entries().next().value as [string, Cached];
    cache.delete(oldest);
    release(old.tree);
  }
}

function cachedTree(key: string, parser: Parser, spec: LanguageSpec, text: string): Tree {
  const cached = cache.get(key);
  if (cached === undefined || cached.language !== spec.id) return parseWith(parser, spec, text);
  if (cached.text === text && cached.entries === undefined) return cached.tree;
  if (cached.text !== text) cached.tree.edit(editBetween(cached.text, text));
  return parseWith(parser, spec, text, cached.tree);
}

function cacheable(key: string | undefined, text: string): key is string {
  return key !== undefined && text.length <= MAX_CACHED_LENGTH;
}

// Hands a whole tree to `use`, then caches it under `key` or frees it.
function useTree<T>(
  key: string | undefined,
  spec: LanguageSpec,
  text: string,
  tree: Tree,
  use: (tree: Tree) => T,
): T {
  if (!cacheable(key, text)) {
    try {
      return use(tree);
    } finally {
      release(tree);
    }
  }
  remember(key, { language: spec.id, text, tree });
  return use(tree);
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
  freeReleased();
  if (!cacheable(key, text))
    return useTree(undefined, spec, text, parseWith(parser, spec, text), use);
  let tree: Tree;
  try {
    tree = cachedTree(key, parser, spec, text);
  } catch (error) {
    // An edited tree that failed to reparse no longer matches its text.
    const stale = cache.get(key);
    cache.delete(key);
    if (stale !== undefined) release(stale.tree);
    throw error;
  }
  return useTree(key, spec, text, tree, use);
}

/**
 * Like `withTree`, for a file not in the cache whose first part is parsed already: the
 * whole tree is an incremental reparse of `first` (which this call takes over and frees).
 */
export function withTreeFrom<T>(
  key: string | undefined,
  parser: Parser,
  spec: LanguageSpec,
  text: string,
  first: Tree,
  use: (tree: Tree) => T,
): T {
  let tree: Tree;
  try {
    tree = parseWith(parser, spec, text, first);
  } finally {
    release(first);
  }
  return useTree(key, spec, text, tree, use);
}

/** Whether `key` has a tree of `spec`'s language in the cache. */
export function isCached(key: string | undefined, spec: LanguageSpec): boolean {
  return key !== undefined && cache.get(key)?.language === spec.id;
}

/** The entries of a split outline of exactly `text` under `key`, if it is still cached. */
export function cachedOutline(
  key: string | undefined,
  spec: LanguageSpec,
  text: string,
): readonly OutlineEntry[] | undefined {
  if (key === undefined) return undefined;
  const cached = cache.get(key);
  return cached?.language === spec.id && cached.text === text ? cached.entries : undefined;
}

/**
 * Keeps a split outline: its entries and its first part's tree (which this call takes
 * over), from which a later call that needs the whole tree reparses it incrementally.
 */
export function rememberSplit(
  key: string | undefined,
  spec: LanguageSpec,
  text: string,
  first: Tree,
  entries: readonly OutlineEntry[],
): void {
  if (cacheable(key, text)) remember(key, { language: spec.id, text, tree: first, entries });
  else release(first);
}
