import { call, script } from './call.js';
import { parseGrepContent, resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

const DEF = String.raw`^\s*def \w+`;

/** Python functions without a docstring. */
export const missingDocstrings: Task = {
  id: 'missing-docstrings',
  prompt: 'Which functions in python/analytics have no docstring?',
  direct: ({ workspace }) => ({
    turns: [
      () => [
        call('Grep', { pattern: DEF, path: 'python/analytics', output_mode: 'content', '-A': 1 }),
      ],
    ],
    answer: ([[text = ''] = []]) => {
      const lines = parseGrepContent(text, workspace);
      return sorted(
        lines.flatMap((hit, index) => {
          if (!hit.match) return [];
          const next = lines[index + 1];
          const documented =
            next !== undefined && !next.match && next.text.trim().startsWith('"""');
          return documented ? [] : [/def (\w+)/.exec(hit.text)?.[1] ?? ''];
        }),
      );
    },
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
(let ((pending nil) (missing nil))
  (dolist (line (split-string (Grep :pattern "^\\s*def \\w+" :path "python/analytics" :output_mode "content" :-A 1) "\n" t))
    (let ((def (string-search "def " line)))
      (cond
       ((and def (string-match-p "^[0-9]+:" line))
        (when pending (push pending missing))
        (setq pending (substring line (+ def 4) (string-search "(" line))))
       ((string-match-p "^[0-9]+-" line)
        (when (and pending (not (string-search "\"\"\"" line))) (push pending missing))
        (setq pending nil)))))
  (when pending (push pending missing))
  (string-join (sort missing) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => sorted(resultLines(text)),
  }),
};
