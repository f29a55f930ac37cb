import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { stopParseWorker, useParseWorkerScript } from '../split/worker-client.js';

const toolsRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Builds the parse worker (as the package build does) and has `loadLanguage` run it, since
 * the sources alone have no built worker beside them. Inside the package, so the worker's
 * bare imports (web-tree-sitter, the grammars) resolve. Returns the clean-up.
 */
export async function useBuiltParseWorker(): Promise<() => Promise<void>> {
  const outDir = join(toolsRoot, 'node_modules/.cache/parse-worker-test', String(process.pid));
  await build({
    config: false,
    entry: { 'navigation-worker': join(toolsRoot, 'src/navigation/split/parse-worker.ts') },
    format: ['esm'],
    outDir,
    outExtension: () => ({ js: '.js' }),
    target: 'node20',
    silent: true,
    external: [/^[^./]/],
  });
  useParseWorkerScript(join(outDir, 'navigation-worker.js'));
  return async () => {
    await stopParseWorker();
    useParseWorkerScript(undefined);
    rmSync(outDir, { recursive: true, force: true });
  };
}
