import { Language, Parser } from 'web-tree-sitter';
import { grammarFile } from './grammar-file.js';

// tsup emits both ESM (import.meta.url is set) and CJS (import.meta is empty,
// __filename is set); resolving from whichever exists keeps one source for both.
function resolveGrammarPath(): string {
  const base = typeof __filename === 'string' ? __filename : import.meta.url;
  return grammarFile('tree-sitter-bash/tree-sitter-bash.wasm', base);
}

let pending: Promise<Language> | undefined;

/** Loads the tree-sitter-bash grammar once per process and returns a fresh parser for it. */
export async function createBashParser(): Promise<Parser> {
  pending ??= Parser.init().then(() => Language.load(resolveGrammarPath()));
  const language = await pending.catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
