import { call, script } from './call.js';
import { bashOutput, linesOf, resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

const LOG = 'git log -3 --name-only --format=';

// `wc -l` prints `  LINES PATH` per file and a `total` line.
function countsOf(output: string): string[] {
  return sorted(
    linesOf(output)
      .map((line) => line.trim().split(/\s+/))
      .filter(([, path]) => path !== undefined && path !== 'total')
      .map(([count, path]) => `${path} ${count}`),
  );
}

/** The files the last three commits touched and their current line counts. */
export const recentChanges: Task = {
  id: 'recent-changes',
  prompt: 'Which files did the last three commits change, and how many lines does each have now?',
  direct: () => ({
    turns: [
      () => [call('Bash', { command: LOG, description: 'Files of the last three commits' })],
      ([[log = ''] = []]) => [
        call('Bash', {
          command: `wc -l ${[...new Set(linesOf(bashOutput(log)))].join(' ')}`,
          description: 'Count their lines',
        }),
      ],
    ],
    answer: ([, [counts = ''] = []]) => countsOf(bashOutput(counts)),
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
(let* ((log (Bash :command "${LOG}" :description "Files of the last three commits"))
       (files nil))
  (dolist (line (split-string log "\n" t))
    (unless (or (string-prefix-p "<" line) (member line files)) (push line files)))
  (let ((result nil))
    (dolist (line (split-string (Bash :command (concat "wc -l " (string-join (reverse files) " ")) :description "Count their lines") "\n" t))
      (let ((parts (split-string line " " t)))
        (unless (or (string-prefix-p "<" line) (equal (cadr parts) "total"))
          (push (format "%s %s" (cadr parts) (car parts)) result))))
    (string-join (sort result) "\n")))`),
      ],
    ],
    answer: ([[text = ''] = []]) => sorted(resultLines(text)),
  }),
};
