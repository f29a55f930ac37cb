import { createRequire } from 'node:module';

/** The @vscode/ripgrep binary the tools use, so both sides run the same ripgrep. */
export function ripgrepPath() {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@vscode/ripgrep');
  return createRequire(entry).resolve(`@vscode/ripgrep-${process.platform}-${process.arch}/bin/rg`);
}
