import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'tsup';

// ajv (a devDependency) is bundled in, behind the lazy `require` of src/ajv-class.ts: one
// parsed file instead of sixty-odd CommonJS modules resolved and evaluated at import.
const BUNDLED = ['ajv'];

// The bundled packages and the packages they depend on, with their licence texts.
function licenceNotices(): string {
  const seen = new Map<string, string>();
  const visit = (name: string, from: string) => {
    if (seen.has(name)) return;
    const manifestPath = createRequire(from).resolve(`${name}/package.json`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const directory = dirname(manifestPath);
    const licenceFile = readdirSync(directory).find((file) => /^licen[cs]e/i.test(file));
    if (licenceFile === undefined) throw new Error(`${name} ships no licence file`);
    const text = readFileSync(join(directory, licenceFile), 'utf8').trim();
    seen.set(name, `${name} ${manifest.version} (${manifest.license})\n\n${text}\n`);
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      visit(dependency, manifestPath);
    }
  };
  for (const name of BUNDLED) visit(name, import.meta.url);
  return `The code in index.js and index.cjs includes these packages:\n\n${[...seen.values()].join('\n---\n\n')}`;
}

export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  noExternal: BUNDLED,
  onSuccess: async () => {
    writeFileSync('dist/LICENSES.txt', licenceNotices());
  },
});
