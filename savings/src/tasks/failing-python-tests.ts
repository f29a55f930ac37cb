import { call, script } from './call.js';
import { linesOf, resultLines, sorted } from './parse.js';
import type { Answer, Task } from './types.js';

const RUN = 'python3 -m unittest discover -s python/tests -t python';

// unittest names each failure `FAIL: test_x (module.Class.test_x)` or `ERROR: …`.
function failuresOf(text: string): Answer {
  const failed = linesOf(text)
    .map((line) => /^(FAIL|ERROR): (\w+)/.exec(line))
    .filter((found) => found !== null)
    .map((found) => `${found[2]} ${found[1]}`);
  const ran = Number(/Ran (\d+) tests?/.exec(text)?.[1] ?? 0);
  return { ran, failed: sorted(failed) };
}

/** Runs the Python tests and names the failing ones. */
export const failingPythonTests: Task = {
  id: 'failing-python-tests',
  prompt: 'Run the Python tests and tell me which ones fail.',
  direct: () => ({
    turns: [() => [call('Bash', { command: RUN, description: 'Run the Python tests' })]],
    answer: ([[text = ''] = []]) => failuresOf(text),
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
;; Failing tests make the command fail: its output then comes as the :error value.
(let* ((run (Bash :command "${RUN}" :description "Run the Python tests"))
       (text (if (stringp run) run (plist-get run :error)))
       (keep nil))
  (dolist (line (split-string text "\n" t))
    (when (or (string-prefix-p "FAIL: " line) (string-prefix-p "ERROR: " line) (string-prefix-p "Ran " line))
      (push line keep)))
  (string-join (reverse keep) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => failuresOf(resultLines(text).join('\n')),
  }),
};
