// Runs the Emacs Lisp checks under `emacs -Q --batch`: compile (warnings are errors),
// checkdoc, package-lint (when Debian's elpa-package-lint is installed) and the ERT suite,
// whose counts go to .test-results/ert.json for scripts/tally.mjs.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const emacs = process.env.EMACS ?? 'emacs';
const sources = readdirSync(join(root, 'lisp'))
  .filter((name) => name.endsWith('.el'))
  .map((name) => `lisp/${name}`);
// Every ERT file of test/, the main suite first.
const testFiles = readdirSync(join(root, 'test'))
  .filter((name) => name.endsWith('-tests.el'))
  .sort((a, b) => (a === 'toolcall-tests.el' ? -1 : b === 'toolcall-tests.el' ? 1 : a < b ? -1 : 1))
  .map((name) => `test/${name}`);

// Emacs writes `message' to stderr and `princ' to stdout: one file for both keeps a test's
// report in the order Emacs wrote it.
function run(args) {
  const directory = mkdtempSync(join(tmpdir(), 'toolcall-elisp-'));
  const file = join(directory, 'output');
  const fd = openSync(file, 'w');
  try {
    const result = spawnSync(emacs, ['-Q', '--batch', ...args], {
      cwd: root,
      stdio: ['ignore', fd, fd],
    });
    const output = readFileSync(file, 'utf8');
    process.stdout.write(output);
    return { status: result.status, output };
  } finally {
    closeSync(fd);
    rmSync(directory, { recursive: true, force: true });
  }
}

function fail(message) {
  process.stderr.write(`elisp: ${message}\n`);
  process.exit(1);
}

const targets = {
  compile() {
    const { status } = run([
      '-L',
      'lisp',
      '--eval',
      '(setq byte-compile-error-on-warn t)',
      '-f',
      'batch-byte-compile',
      ...sources,
    ]);
    for (const name of readdirSync(join(root, 'lisp'))) {
      if (name.endsWith('.elc')) rmSync(join(root, 'lisp', name));
    }
    if (status !== 0) fail('byte-compilation failed');
  },
  checkdoc() {
    const forms = sources.map((file) => `(checkdoc-file "${file}")`).join(' ');
    const { status, output } = run([
      '-L',
      'lisp',
      '--eval',
      `(progn (require 'checkdoc) ${forms})`,
    ]);
    if (status !== 0 || /^[^\s:]+\.el:\d+: /m.test(output)) fail('checkdoc found problems');
  },
  lint() {
    const { output } = run([
      '--eval',
      '(dolist (dir (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*")) (add-to-list \'load-path dir))',
      '--eval',
      '(unless (require \'package-lint nil t) (message "package-lint: not installed, skipped") (kill-emacs 0))',
      '-L',
      'lisp',
      '--eval',
      '(setq package-lint-main-file "lisp/toolcall.el")',
      '-f',
      'package-lint-batch-and-exit',
      ...sources,
    ]);
    // package-lint 0.16 (Debian 12) predates Emacs 28 and calls any 28.x requirement
    // uninstallable; that one message is stale, every other one counts.
    const problems = output
      .split('\n')
      .filter((line) => /^[^\s:]+\.el:\d+:\d+: (error|warning)/.test(line))
      .filter((line) => !line.includes('uninstallable in all released Emacs versions'));
    if (problems.length > 0) fail('package-lint found problems');
  },
  test() {
    const { status, output } = run([
      '-l',
      'ert',
      '-L',
      'lisp',
      ...testFiles.flatMap((file) => ['-l', file]),
      '-f',
      'ert-run-tests-batch-and-exit',
    ]);
    const ran =
      /Ran (\d+) tests?, (\d+) results? as expected, (\d+) unexpected(?:, (\d+) skipped)?/.exec(
        output,
      );
    const passed = ran ? Number(ran[2]) : 0;
    const failed = ran ? Number(ran[3]) : 1;
    const skipped = ran?.[4] ? Number(ran[4]) : 0;
    // Each unexpected result with the first lines of its condition, so the closing tally can
    // name it even when the log above it is cut.
    const failures = [...output.matchAll(/^\s+FAILED\s+\d+\/\d+\s+(\S+)/gm)].map(([, name]) => {
      const condition = new RegExp(
        `^Test ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} condition:\n((?:[ \t]+.*\n?){1,30})`,
        'm',
      ).exec(output);
      return { name, detail: condition?.[1]?.replace(/\s+/g, ' ').trim() ?? '' };
    });
    if (!ran) failures.push({ name: 'ERT', detail: output.trim().split('\n').slice(-8).join(' ') });
    mkdirSync(join(root, '.test-results'), { recursive: true });
    writeFileSync(
      join(root, '.test-results', 'ert.json'),
      `${JSON.stringify({ passed, failed, skipped, failures })}\n`,
    );
    if (status !== 0 || !ran) fail('ERT suite failed');
  },
};

const asked = process.argv.slice(2);
// Without Emacs (a machine that never installed emacs-nox) the Lisp checks cannot run: they
// fail, naming what to install, and the ERT tests count as failed rather than vanishing.
if (spawnSync(emacs, ['--version'], { stdio: 'ignore' }).error) {
  const tests = testFiles.flatMap(
    (file) => readFileSync(join(root, file), 'utf8').match(/^\(ert-deftest /gm) ?? [],
  );
  process.stderr.write(
    `elisp: ${emacs} not found, so ${asked.join(', ')} cannot run: install emacs-nox (Debian), or set EMACS to an Emacs 28.1+ binary\n`,
  );
  if (asked.includes('test')) {
    mkdirSync(join(root, '.test-results'), { recursive: true });
    writeFileSync(
      join(root, '.test-results', 'ert.json'),
      `${JSON.stringify({
        passed: 0,
        failed: tests?.length ?? 0,
        skipped: 0,
        failures: [{ name: 'Emacs', detail: `${emacs} not found: install emacs-nox` }],
      })}\n`,
    );
  }
  process.exit(1);
}
for (const name of asked) {
  if (!(name in targets))
    fail(`unknown target ${name} (expected ${Object.keys(targets).join(', ')})`);
}
if (!existsSync(join(root, 'lisp', 'toolcall.el'))) fail('lisp/toolcall.el is missing');
for (const name of asked) targets[name]();
