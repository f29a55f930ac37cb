import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The path of a tree-sitter grammar's `.wasm` file, given as `package/file.wasm`: the copy a
 * package's build puts in `grammars/` beside its built code (what an installed package has),
 * else the grammar package itself (a checkout running from source). `base` is the calling
 * module's `import.meta.url` or `__filename`.
 */
export function grammarFile(spec: string, base: string): string {
  const from = base.startsWith('file:') ? fileURLToPath(base) : base;
  const bundled = join(dirname(from), 'grammars', basename(spec));
  if (existsSync(bundled)) return bundled;
  try {
    return createRequire(from).resolve(spec);
  } catch {
    throw new Error(
      `the grammar ${basename(spec)} is missing: expected it at ${bundled}, where the package's build copies it`,
    );
  }
}
