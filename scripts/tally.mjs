// Totals every runner's results (vitest JSON reports, ERT summaries, the
// packed-tarball test) and prints the one closing line CI reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

// The workspace's test runners: every package and app, and the security suite at the root.
const members = [
  ...['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group)).map((name) => `${group}/${name}`),
  ),
  'security',
];
for (const member of members) {
  const dir = join(root, member);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (!manifest.scripts?.test) continue;
  const resultsDir = join(dir, '.test-results');
  if (!existsSync(resultsDir)) {
    missing.push(member);
    continue;
  }
  // Runners write vitest.json or ert.json; other files there (screenshots) are not reports.
  for (const file of readdirSync(resultsDir).filter((f) => /^(vitest|ert).*\.json$/.test(f))) {
    const report = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
    if (file.startsWith('vitest')) {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      // A file that failed to load has no failing test of its own: count it once.
      for (const suite of report.testResults ?? []) {
        const anyFailed = suite.assertionResults?.some((r) => r.status === 'failed');
        if (suite.status === 'failed' && !anyFailed) failed += 1;
      }
      skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    } else {
      passed += report.passed ?? 0;
      failed += report.failed ?? 0;
      skipped += report.skipped ?? 0;
    }
  }
}
const packReport = join(root, '.test-results', 'pack-test.json');
if (existsSync(packReport)) {
  const report = JSON.parse(readFileSync(packReport, 'utf8'));
  passed += report.passed;
  failed += report.failed;
} else {
  missing.push('pack-test');
}
// A runner that wrote no report did not finish: count it as a failure.
for (const name of missing) process.stderr.write(`no test report from ${name}\n`);
failed += missing.length;

process.stdout.write(
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
);
process.exit(failed > 0 ? 1 : 0);
