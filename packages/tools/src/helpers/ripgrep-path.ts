import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

let cached: string | undefined;

/**
 * The path of the ripgrep binary that `@vscode/ripgrep` installs. The package is ESM-only,
 * so the binary is located the way its own entry does, which also works from the CJS build.
 */
export function ripgrepPath(): string {
  if (cached !== undefined) return cached;
  const override = process.env.TOOLCALL_RIPGREP_PATH;
  if (override !== undefined && override !== '') {
    cached = override;
    return override;
  }
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@vscode/ripgrep');
  const arch = process.env.npm_config_arch || process.arch;
  const binary = process.platform === 'win32' ? 'rg.exe' : 'rg';
  const resolved = createRequire(entry).resolve(
    `@vscode/ripgrep-${process.platform}-${arch}/bin/${binary}`,
  );
  if (!existsSync(resolved)) throw new Error(`ripgrep binary is missing at ${resolved}`);
  cached = resolved;
  return resolved;
}
