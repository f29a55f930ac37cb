// Guest regexp matcher speed, side by side with V8's RegExp and Emacs's own string-match on the
// same workloads in the same run. Usage: node bench/regexp.mjs (after `tsup`), or point
// REGEXP_MODULE at any ES module exporting compileRegexp.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const modulePath = process.env.REGEXP_MODULE ?? new URL('../dist/index.js', import.meta.url).href;
const { compileRegexp } = await import(
  modulePath.startsWith('file:') ? modulePath : pathToFileURL(modulePath).href
);
if (typeof compileRegexp !== 'function') {
  throw new Error(`${modulePath} does not export compileRegexp; build the package first`);
}

const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu'.split(' ');
const prose = Array.from({ length: 4000 }, (_, i) => words[(i * 7) % words.length]).join(' ');
const lines = Array.from({ length: 2000 }, (_, i) => (i % 3 === 0 ? `  ${i} items` : `line ${i}`));
const mail = `${prose.slice(0, 20000)} contact bob@example.com now`;
const joined = Array.from({ length: 5000 }, (_, i) => `line ${i}: value=${i * 3}`).join('\n');

// Each workload: guest pattern, equivalent JS RegExp, and how to run it (one input or many).
const workloads = [
  {
    name: 'literal at end of 24 kB',
    emacs: 'needle',
    js: /needle/,
    inputs: [`${prose}needle`],
    repeat: 50,
  },
  {
    name: 'anchored digits per line',
    emacs: '^[ \t]*[0-9]+',
    js: /^[ \t]*[0-9]+/,
    inputs: lines,
    repeat: 20,
  },
  {
    name: 'e-mail with groups',
    emacs: '\\([a-z]+\\)@\\([a-z]+\\)\\.com',
    js: /([a-z]+)@([a-z]+)\.com/,
    inputs: [mail],
    repeat: 20,
  },
  {
    name: 'all words of 24 kB',
    emacs: '[[:alpha:]]+',
    js: /[a-zA-Z]+/y,
    inputs: [prose],
    repeat: 5,
    scan: true,
  },
  {
    name: 'split 5000 lines on \\n',
    emacs: '\n',
    js: /\n/y,
    inputs: [joined],
    repeat: 5,
    scan: true,
  },
  {
    name: 'split on whitespace',
    emacs: '[ \f\t\n\r\v]+',
    js: /[ \f\t\n\r\v]+/y,
    inputs: [joined],
    repeat: 5,
    scan: true,
  },
  {
    name: 'a*{8}b on 22 a',
    emacs: 'a*a*a*a*a*a*a*a*b',
    js: /a*a*a*a*a*a*a*a*b/,
    inputs: ['a'.repeat(22)],
    repeat: 1,
  },
];

function timeGuest({ emacs, inputs, repeat, scan }) {
  const compiled = compileRegexp(emacs);
  if (!compiled.success) throw new Error(compiled.error.message);
  const regexp = compiled.value;
  const started = process.hrtime.bigint();
  let found = 0;
  for (let round = 0; round < repeat; round += 1) {
    for (const input of inputs) {
      if (!scan) {
        if (regexp.exec(input)) found += 1;
        continue;
      }
      let position = 0;
      for (;;) {
        const match = regexp.exec(input, position);
        if (!match) break;
        found += 1;
        position = match.end > position ? match.end : position + 1;
        if (position > input.length) break;
      }
    }
  }
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, found };
}

function timeJs({ js, inputs, repeat, scan }) {
  const started = process.hrtime.bigint();
  let found = 0;
  for (let round = 0; round < repeat; round += 1) {
    for (const input of inputs) {
      if (!scan) {
        if (js.exec(input)) found += 1;
        continue;
      }
      const global = new RegExp(js.source, 'g');
      while (global.exec(input)) found += 1;
    }
  }
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, found };
}

function timeEmacs() {
  const data = join(tmpdir(), `regexp-bench-${process.pid}.json`);
  writeFileSync(
    data,
    JSON.stringify(
      workloads.map(({ emacs, inputs, repeat, scan }) => ({
        emacs,
        inputs,
        repeat,
        scan: Boolean(scan),
      })),
    ),
  );
  const program = `
(with-temp-buffer
  (setq case-fold-search nil)
  (require 'json)
  (let ((specs (json-read-file ${JSON.stringify(data)})))
    (mapc (lambda (spec)
            (let* ((re (alist-get 'emacs spec)) (inputs (alist-get 'inputs spec))
                   (repeat (alist-get 'repeat spec)) (scan (eq (alist-get 'scan spec) t))
                   (found 0) (start (float-time)))
              (dotimes (_ repeat)
                (seq-doseq (input inputs)
                  (if (not scan)
                      (when (string-match re input) (setq found (1+ found)))
                    (let ((pos 0))
                      (while (and pos (string-match re input pos))
                        (setq found (1+ found))
                        (setq pos (if (> (match-end 0) pos) (match-end 0) (1+ pos)))
                        (when (> pos (length input)) (setq pos nil)))))))
              (princ (format "%f %d\\n" (* 1000 (- (float-time) start)) found))))
          specs)))`;
  try {
    const output = execFileSync('emacs', ['--batch', '-Q', '--eval', program], {
      encoding: 'utf8',
    });
    return output
      .trim()
      .split('\n')
      .map((line) => {
        const [ms, found] = line.split(' ');
        return { ms: Number(ms), found: Number(found) };
      });
  } catch {
    return undefined;
  }
}

const emacsTimes = timeEmacs();
// The fastest of five runs, so JIT warm-up does not count against either side.
function fastest(run) {
  let best = run();
  for (let round = 1; round < 5; round += 1) {
    const next = run();
    if (next.ms < best.ms) best = next;
  }
  return best;
}

const rows = workloads.map((workload, index) => {
  const guest = fastest(() => timeGuest(workload));
  const js = fastest(() => timeJs(workload));
  const emacs = emacsTimes?.[index];
  return {
    workload: workload.name,
    'guest ms': guest.ms.toFixed(2),
    'emacs ms': emacs ? emacs.ms.toFixed(2) : 'n/a',
    'guest/emacs': emacs ? (guest.ms / emacs.ms).toFixed(2) : 'n/a',
    'js ms': js.ms.toFixed(2),
    'guest/js': (guest.ms / js.ms).toFixed(2),
    'same results': emacs
      ? guest.found === emacs.found && guest.found === js.found
      : guest.found === js.found,
  };
});
console.table(rows);
