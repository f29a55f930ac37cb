import { grammarFile } from '@toolcall/exec';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import type { LanguageId, LanguageSpec } from './languages.js';

// tsup emits both ESM (import.meta.url is set) and CJS (import.meta is empty,
// __filename is set); resolving from whichever exists keeps one source for both.
function resolveWasm(file: string): string {
  const base = typeof __filename === 'string' ? __filename : import.meta.url;
  return grammarFile(file, base);
}

let initialised: Promise<void> | undefined;
const languages = new Map<LanguageId, Promise<Parser>>();

async function parserFor(spec: LanguageSpec): Promise<Parser> {
  await initialised;
  const language = await Language.load(resolveWasm(spec.wasm));
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

// One parser per language is reused: parsing is synchronous, so calls never overlap.
function load(spec: LanguageSpec): Promise<Parser> {
  let pending = languages.get(spec.id);
  if (pending === undefined) {
    initialised ??= Parser.init().catch((error: unknown) => {
      initialised = undefined;
      throw error;
    });
    pending = parserFor(spec);
    pending.catch(() => languages.delete(spec.id));
    languages.set(spec.id, pending);
  }
  return pending;
}

/** The language's shared parser, loading its grammar on first use. */
export function loadParser(spec: LanguageSpec): Promise<Parser> {
  return load(spec);
}

/** Parses `text` synchronously, reusing `old` (already edited to match) when given. */
export function parseWith(parser: Parser, spec: LanguageSpec, text: string, old?: Tree): Tree {
  const tree = parser.parse(text, old);
  if (tree === null) throw new Error(`the ${spec.id} parser returned no tree`);
  return tree;
}
