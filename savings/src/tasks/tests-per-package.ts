import { call, script } from './call.js';
import { packageOf, parseGrepCount, resultLines } from './parse.js';
import type { Answer, Task } from './types.js';

const TS_TEST = String.raw`^\s*(it|test)\(`;
const PY_TEST = String.raw`^\s*def test_`;

/** Test cases per package, TypeScript and Python. */
export const testsPerPackage: Task = {
  id: 'tests-per-package',
  prompt:
    'How many test cases does each package have (TypeScript it/test calls and Python test_ methods)?',
  direct: ({ workspace }) => ({
    turns: [
      () => [
        call('Grep', { pattern: TS_TEST, path: 'packages', output_mode: 'count' }),
        call('Grep', { pattern: PY_TEST, path: 'python', output_mode: 'count' }),
      ],
    ],
    answer: ([[ts = '', py = ''] = []]): Answer => {
      const totals = new Map<string, number>();
      for (const text of [ts, py]) {
        for (const [file, count] of parseGrepCount(text, workspace)) {
          totals.set(packageOf(file), (totals.get(packageOf(file)) ?? 0) + count);
        }
      }
      return Object.fromEntries([...totals].sort());
    },
  }),
  toolcall: ({ workspace }) => ({
    turns: [
      () => [
        script(String.raw`
(let ((totals nil) (names nil))
  (dolist (text (parallel (Grep :pattern "^\\s*(it|test)\\(" :path "packages" :output_mode "count")
                          (Grep :pattern "^\\s*def test_" :path "python" :output_mode "count")))
    (dolist (line (split-string text "\n" t))
      (let* ((parts (split-string (substring line (length "${workspace}/")) "[/:]"))
             (name (if (equal (car parts) "packages") (concat "packages/" (cadr parts)) (car parts))))
        (unless (member name names) (push name names))
        (push (cons name (string-to-number (car (last parts)))) totals))))
  (string-join
   (mapcar (lambda (name)
             (let ((n 0)) (dolist (entry totals) (when (equal (car entry) name) (setq n (+ n (cdr entry)))))
               (format "%s %d" name n)))
           (sort names))
   "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]): Answer =>
      Object.fromEntries(
        resultLines(text).map((line) => {
          const [name = '', count = ''] = line.split(' ');
          return [name, Number(count)];
        }),
      ),
  }),
};
