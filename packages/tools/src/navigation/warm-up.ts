import { type LanguageId, languageById } from './languages.js';
import { loadParser } from './load-language.js';
import { collectOutline } from './outline/collect.js';
import { RULES } from './outline/rules-for.js';
import { prepareParseWorker } from './split/worker-client.js';
import { withTree } from './tree-cache.js';
import { WARM_UP_SAMPLES } from './warm-up-samples.js';

/** Characters in each warm-up outline, and how many outlines. */
const WARM_UP_LENGTH = 16 * 1024;
const WARM_UP_ROUNDS = 6;

const warmed = new Map<LanguageId, Promise<void>>();

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Loads a grammar on this thread and warms it up: V8 first runs a grammar's wasm (and our
 * walk over its trees) as quickly compiled baseline code, then recompiles the hot functions
 * in the background once they have run for a while. Outlining a typical source a few times
 * gets that done before the first real file, whose parse would otherwise be several times
 * slower. Between rounds the event loop runs, so a caller loading at start-up is not held up.
 */
export async function warmUp(id: LanguageId): Promise<void> {
  const spec = languageById(id);
  await loadParser(spec);
  const sample = WARM_UP_SAMPLES[id];
  const text = sample.repeat(Math.ceil(WARM_UP_LENGTH / sample.length));
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    await nextTurn();
    await withTree(undefined, spec, text, (tree) => collectOutline(tree, RULES[id], text));
  }
}

/** How `loadLanguage` prepares a grammar. */
export interface LoadLanguageOptions {
  /**
   * Whether to also start the navigation parse worker (a thread that parses half of a
   * large JavaScript or TypeScript file while the caller parses the other) and warm the
   * grammar up there, in the background; defaults to true. It is never started on a
   * machine with one CPU.
   */
  readonly parseWorker?: boolean;
}

/**
 * Loads a grammar ahead of the first call (once per process), e.g. at harness start-up,
 * and warms it up so that the first file is not parsed by V8's slow first-tier code. A
 * grammar loaded on demand by a call skips the warm-up: that call's own parse does it.
 * For JavaScript and TypeScript it also starts the parse worker (unless told not to) and
 * settles once the worker is warm too; a worker that fails never fails the load.
 */
export function loadLanguage(id: LanguageId, options: LoadLanguageOptions = {}): Promise<void> {
  // Called again after the worker stopped, this starts a new one.
  const worker = options.parseWorker === false ? undefined : prepareParseWorker(id);
  let pending = warmed.get(id);
  if (pending === undefined) {
    pending = warmUp(id);
    pending.catch(() => warmed.delete(id));
    warmed.set(id, pending);
  }
  return worker === undefined ? pending : pending.then(() => worker);
}
