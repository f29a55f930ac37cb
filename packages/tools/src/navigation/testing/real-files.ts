import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const toolsRoot = join(here, '../../..');
const repoRoot = join(toolsRoot, '../..');

// Resolves through the node_modules symlink, since some packages do not export package.json.
function packageDir(from: string, name: string): string {
  return realpathSync(join(from, 'node_modules', name));
}

/** Real source files from well-known projects installed in this repository's node_modules. */
export function realFiles(): Record<string, string> {
  const ajv = packageDir(join(repoRoot, 'packages/pipeline'), 'ajv');
  const pnpm = packageDir(repoRoot, 'pnpm');
  const ptyFrom = packageDir(join(repoRoot, 'packages/exec'), 'node-pty');
  const turbo = packageDir(repoRoot, 'turbo');
  const sprintf = packageDir(join(repoRoot, 'node_modules/.pnpm'), 'sprintf-js');
  return {
    javascript: join(ajv, 'dist/compile/index.js'),
    typescript: join(ajv, 'lib/compile/index.ts'),
    tsx: join(turbo, 'docs/guides/tools/create-turbo-callout.tsx'),
    python: join(pnpm, 'dist/node_modules/node-gyp/gyp/pylib/packaging/specifiers.py'),
    bash: join(ptyFrom, 'deps/winpty/misc/color-test.sh'),
    json: join(packageDir(toolsRoot, 'web-tree-sitter'), 'package.json'),
    html: join(sprintf, 'demo/angular.html'),
  };
}
