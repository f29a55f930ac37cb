import { call, script } from './call.js';
import { bashOutput, linesOf, resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

const DIFF = 'diff config/app.dev.json config/app.prod.json';

/** The settings two configuration files disagree on. */
export const compareConfigs: Task = {
  id: 'compare-configs',
  prompt: 'Which settings differ between config/app.dev.json and config/app.prod.json?',
  direct: () => ({
    turns: [() => [call('Bash', { command: DIFF, description: 'Compare the two configs' })]],
    answer: ([[text = ''] = []]) =>
      sorted(
        new Set(
          linesOf(bashOutput(text))
            .filter((line) => line.startsWith('< '))
            .map((line) => /"([^"]+)"/.exec(line)?.[1] ?? ''),
        ),
      ),
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
(let ((keys nil))
  (dolist (line (split-string (Bash :command "${DIFF}" :description "Compare the two configs") "\n" t))
    (when (string-prefix-p "< " line)
      (let ((start (+ 1 (string-search "\"" line))))
        (push (substring line start (string-search "\"" line start)) keys))))
  (string-join (sort keys) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => sorted(resultLines(text)),
  }),
};
