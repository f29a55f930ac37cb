// Totals every runner's results (vitest JSON reports, ERT summaries, the
// packed-tarball test, the docs check) and prints the one closing line CI reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
// What failed, named, so the closing lines say it even when the log above them is cut.
const failures = [];
const oneLine = (text, limit = 300) => {
  const line = stripVTControlCharacters(String(text ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > limit ? `${line.slice(0, limit)}…` : line;
};

// Vitest reports a timeout with the stack it captured when the test was defined, whose first
// line is its placeholder message: say what happened instead.
const failureLine = (test) => {
  const first = String(test.failureMessages?.[0] ?? '');
  if (first.startsWith('Error: STACK_TRACE_ERROR')) {
    return `timed out after ${Math.round(test.duration ?? 0)} ms`;
  }
  return oneLine(first);
};

// The workspace's test runners: every package and app, and the security, savings and examples
// suites at the root.
const members = [
  ...['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group)).map((name) => `${group}/${name}`),
  ),
  'security',
  'savings',
  'examples',
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
        const file = suite.name?.startsWith(dir) ? suite.name.slice(dir.length + 1) : suite.name;
        const failing = (suite.assertionResults ?? []).filter((r) => r.status === 'failed');
        for (const test of failing) {
          failures.push(`${member}/${file} › ${test.fullName ?? test.title}: ${failureLine(test)}`);
        }
        if (suite.status === 'failed' && failing.length === 0) {
          failed += 1;
          failures.push(`${member}/${file} did not load: ${oneLine(suite.message)}`);
        }
      }
      skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    } else {
      passed += report.passed ?? 0;
      failed += report.failed ?? 0;
      skipped += report.skipped ?? 0;
      for (const failure of report.failures ?? []) {
        failures.push(`${member} ERT › ${failure.name}: ${oneLine(failure.detail)}`);
      }
    }
  }
}
// The root's own runners: the packed-tarball test and the docs check, each writing
// { passed, failed, results: [{ name, ok, summary }] }.
for (const runner of ['docs-check', 'pack-test']) {
  const file = join(root, '.test-results', `${runner}.json`);
  if (!existsSync(file)) {
    missing.push(runner);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.passed;
  failed += report.failed;
  for (const result of (report.results ?? []).filter((r) => !r.ok)) {
    failures.push(`${runner} › ${result.name}: ${oneLine(result.summary)}`);
  }
}
// A runner that wrote no report did not finish: count it as a failure.
for (const name of missing) process.stderr.write(`no test report from ${name}\n`);
failed += missing.length;
for (const failure of failures.slice(0, 20)) process.stdout.write(`FAILED ${failure}\n`);
if (failures.length > 20) process.stdout.write(`… and ${failures.length - 20} more failures\n`);

process.stdout.write(
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
);
process.exit(failed > 0 ? 1 : 0);
