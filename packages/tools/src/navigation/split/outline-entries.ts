import type { LanguageSpec } from '../languages.js';
import { loadParser } from '../load-language.js';
import { collectOutline } from '../outline/collect.js';
import { RULES } from '../outline/rules-for.js';
import type { OutlineEntry } from '../outline/types.js';
import {
  cachedOutline,
  freeReleased,
  isCached,
  release,
  rememberSplit,
  withTree,
  withTreeFrom,
} from '../tree-cache.js';
import { parsePart, partEntries } from './parts.js';
import { splitPoint, splitRanges } from './split-point.js';
import { outlinePartInWorker, parseWorkerReady, prepareParseWorker } from './worker-client.js';

/**
 * Characters from which a new file's outline is split between the calling thread and the
 * parse worker. Measured on TypeScript, the worker's round trip (copying the text, waking
 * the thread) costs what the halved parse saves at about 20k characters; from 32k on the
 * split is clearly ahead (5 ms against 3.6 ms at 35k).
 */
export const SPLIT_MIN_LENGTH = 32 * 1024;

/**
 * The outline entries of `text`. A large file not in the tree cache is parsed in two parts
 * at once when the parse worker is ready: the first part here, the second in the worker.
 * When either part has a syntax error, no split point is found or the worker fails, the
 * whole file is parsed here, so the entries are always those of a whole-file parse.
 */
export async function outlineEntries(
  key: string | undefined,
  spec: LanguageSpec,
  text: string,
  split: boolean,
): Promise<readonly OutlineEntry[]> {
  const rules = RULES[spec.id];
  const collect = (tree: Parameters<typeof collectOutline>[0]) => collectOutline(tree, rules, text);
  const parser = await loadParser(spec);
  const known = cachedOutline(key, spec, text);
  if (known !== undefined) return known;
  freeReleased();
  const large = split && text.length >= SPLIT_MIN_LENGTH && !isCached(key, spec);
  // The first large file of a language starts the worker (when none runs, as without a
  // `loadLanguage`) and is parsed whole here while it warms up; later ones are split.
  if (large && !parseWorkerReady(spec.id)) void prepareParseWorker(spec.id);
  const at = large && parseWorkerReady(spec.id) ? splitPoint(text) : -1;
  if (at === -1) return withTree(key, spec, text, collect);
  const [head, tail] = splitRanges(text, at);
  const second = outlinePartInWorker(spec.id, text, tail);
  const first = parsePart(parser, spec, text, head);
  let entries: OutlineEntry[] | null;
  try {
    entries = partEntries(first, spec, text);
  } catch (error) {
    first.delete();
    throw error;
  }
  if (entries === null) {
    release(first);
    return withTree(key, spec, text, collect);
  }
  const rest = await second;
  if (rest === null) return withTreeFrom(key, parser, spec, text, first, collect);
  const all = entries.concat(rest);
  rememberSplit(key, spec, text, first, all);
  return all;
}
