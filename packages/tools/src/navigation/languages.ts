import { extname } from 'node:path';

/** A language the navigation tools can parse: its grammar package and wasm file. */
export interface LanguageSpec {
  readonly id: LanguageId;
  readonly wasm: string;
}

/** The languages with a bundled grammar. */
export type LanguageId =
  | 'javascript'
  | 'typescript'
  | 'tsx'
  | 'python'
  | 'go'
  | 'rust'
  | 'bash'
  | 'json'
  | 'css'
  | 'html';

const WASM: Readonly<Record<LanguageId, string>> = {
  javascript: 'tree-sitter-javascript/tree-sitter-javascript.wasm',
  typescript: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-typescript/tree-sitter-tsx.wasm',
  python: 'tree-sitter-python/tree-sitter-python.wasm',
  go: 'tree-sitter-go/tree-sitter-go.wasm',
  rust: 'tree-sitter-rust/tree-sitter-rust.wasm',
  bash: 'tree-sitter-bash/tree-sitter-bash.wasm',
  json: 'tree-sitter-json/tree-sitter-json.wasm',
  css: 'tree-sitter-css/tree-sitter-css.wasm',
  html: 'tree-sitter-html/tree-sitter-html.wasm',
};

/** Every grammar file the navigation tools load, as `package/file.wasm`. */
export const GRAMMAR_FILES: readonly string[] = Object.values(WASM);

const EXTENSIONS: Readonly<Record<string, LanguageId>> = {
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.py': 'python',
  '.pyi': 'python',
  '.go': 'go',
  '.rs': 'rust',
  '.sh': 'bash',
  '.bash': 'bash',
  '.json': 'json',
  '.css': 'css',
  '.html': 'html',
  '.htm': 'html',
};

const SHEBANG: readonly (readonly [RegExp, LanguageId])[] = [
  [/\b(?:ba|z|k)?sh\b/, 'bash'],
  [/\bnode\b/, 'javascript'],
  [/\bpython[0-9.]*\b/, 'python'],
];

/** The spec of a language by its id. */
export function languageById(id: LanguageId): LanguageSpec {
  return { id, wasm: WASM[id] };
}

/** Every language with a bundled grammar. */
export const LANGUAGE_IDS = Object.keys(WASM) as readonly LanguageId[];

/** Picks the language for a file by its extension, else by a `#!` first line. */
export function languageFor(path: string, text: string): LanguageSpec | undefined {
  const ext = extname(path).toLowerCase();
  let id: LanguageId | undefined = EXTENSIONS[ext];
  if (id === undefined && ext === '' && text.startsWith('#!')) {
    const first = text.slice(0, text.indexOf('\n') >>> 0);
    id = SHEBANG.find(([pattern]) => pattern.test(first))?.[1];
  }
  return id === undefined ? undefined : { id, wasm: WASM[id] };
}
