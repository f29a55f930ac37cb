// Copies the tree-sitter grammars a package uses into its dist/grammars/, with each grammar's
// licence: the installed package then needs only the .wasm files (a few MB), not the grammar
// packages (over 100 MB of C sources and native build scripts). The grammar packages stay
// devDependencies; a checkout running from source resolves them directly.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';

/**
 * `packageDir`: the package whose build this is; `specs`: `grammar-package/file.wasm` entries,
 * resolved from that package's dependencies.
 */
export function copyGrammars(packageDir, specs) {
  const require = createRequire(join(packageDir, 'package.json'));
  const target = join(packageDir, 'dist', 'grammars');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const notices = new Map();
  for (const spec of specs) {
    const file = require.resolve(spec);
    copyFileSync(file, join(target, basename(file)));
    const name = spec.split('/')[0];
    if (notices.has(name)) continue;
    const root = dirname(require.resolve(`${name}/package.json`));
    const { version, license } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const text = readFileSync(join(root, 'LICENSE'), 'utf8').trim();
    notices.set(name, `${name} ${version} (${license})\n\n${text}\n`);
  }
  writeFileSync(
    join(target, 'LICENSES.txt'),
    `The grammar files in this directory are built from these packages:\n\n${[...notices.values()].join('\n---\n\n')}`,
  );
}
