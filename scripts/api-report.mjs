// The public API of every publishable package, one API Extractor report per entry point
// (packages/NAME/api/ENTRY.api.md), read from the built declarations. `--update` writes the
// reports; without it the run fails when an API changed and its report was not updated, so a
// change to what users import is always a reviewed diff.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = new URL('..', import.meta.url).pathname;
const update = process.argv.includes('--update');
let failed = 0;

for (const name of readdirSync(join(root, 'packages'))) {
  const folder = join(root, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  if (manifest.private) continue;
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const types = target?.import?.types ?? target?.types;
    if (typeof types !== 'string') continue;
    const entry = subpath === '.' ? 'index' : subpath.slice(2).replace(/\//g, '-');
    mkdirSync(join(folder, 'api'), { recursive: true });
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: folder,
        mainEntryPointFilePath: join(folder, types),
        compiler: { tsconfigFilePath: join(folder, 'tsconfig.json') },
        apiReport: {
          enabled: true,
          reportFileName: `${entry}.api.md`,
          reportFolder: join(folder, 'api'),
          reportTempFolder: join(folder, '.api-temp'),
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          // The report is what this checks; doc-comment style and forgotten exports are the
          // linters' and reviewers' business.
          extractorMessageReporting: { default: { logLevel: 'none' } },
          tsdocMessageReporting: { default: { logLevel: 'none' } },
          compilerMessageReporting: { default: { logLevel: 'warning' } },
        },
        newlineKind: 'lf',
      },
      configObjectFullPath: join(folder, 'api-extractor.json'),
      packageJsonFullPath: join(folder, 'package.json'),
    });
    const result = Extractor.invoke(config, {
      localBuild: update,
      showVerboseMessages: false,
      messageCallback: (message) => {
        if (message.logLevel === 'warning' || message.logLevel === 'error') {
          console.log(
            `  ${manifest.name}${subpath === '.' ? '' : subpath.slice(1)}: ${message.text}`,
          );
        }
        message.handled = true;
      },
    });
    const label = `${manifest.name}${subpath === '.' ? '' : subpath.slice(1)}`;
    if (result.apiReportChanged && !update) {
      failed += 1;
      console.log(
        `✗ ${label}: the public API changed; review it and run \`node scripts/api-report.mjs --update\` (packages/${name}/api/${entry}.api.md)`,
      );
    } else if (!result.succeeded && !result.apiReportChanged) {
      failed += 1;
      console.log(`✗ ${label}: API Extractor failed (${result.errorCount} errors)`);
    } else {
      console.log(`✓ ${label}${result.apiReportChanged ? ' (report updated)' : ''}`);
    }
  }
}
// Explicit exports only: a module that re-exports everything of another (`export *`) makes
// the public API whatever that module happens to export.
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? walk(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
for (const name of readdirSync(join(root, 'packages'))) {
  for (const file of walk(join(root, 'packages', name, 'src'))) {
    if (/^export \*/m.test(readFileSync(file, 'utf8'))) {
      failed += 1;
      console.log(`✗ ${file.slice(root.length)}: \`export *\`; name what the module exports`);
    }
  }
}
process.exit(failed === 0 ? 0 : 1);
