import { createRequire } from 'node:module';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import type { LanguageId, LanguageSpec } from './languages.js';

// tsup emits both ESM (import.meta.url is set) and CJS (import.meta is empty,
// __filename is set); resolving from whichever exists keeps one source for both.
function resolveWasm(file: string): string {
  const base = typeof __filename === 'string' ? __filename : import.meta.url;
  return createRequire(base).resolve(file);
}

let initialised: Promise<void> | undefined;
const languages = new Map<LanguageId, Promise<Language>>();

function load(spec: LanguageSpec): Promise<Language> {
  let pending = languages.get(spec.id);
  if (pending === undefined) {
    initialised ??= Parser.init().catch((error: unknown) => {
      initialised = undefined;
      throw error;
    });
    pending = initialised.then(() => Language.load(resolveWasm(spec.wasm)));
    pending.catch(() => languages.delete(spec.id));
    languages.set(spec.id, pending);
  }
  return pending;
}

/** Loads a grammar once per process; later calls reuse the loaded language. */
export async function loadLanguage(spec: LanguageSpec): Promise<void> {
  await load(spec);
}

/** Parses `text` with the language's grammar; the caller must `delete()` the tree. */
export async function parseSource(spec: LanguageSpec, text: string): Promise<Tree> {
  const language = await load(spec);
  const parser = new Parser();
  try {
    parser.setLanguage(language);
    const tree = parser.parse(text);
    if (tree === null) throw new Error(`the ${spec.id} parser returned no tree`);
    return tree;
  } finally {
    parser.delete();
  }
}
