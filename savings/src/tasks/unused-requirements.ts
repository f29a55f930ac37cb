import { call, script } from './call.js';
import { linesOf, parseGrepContent, resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

const IMPORTS = String.raw`^(import|from) \w+`;
// Distributions whose import name differs from their name (what a model knows).
const MODULE_OF: Record<string, string> = { pyyaml: 'yaml' };

/** Requirements no Python file imports. */
export const unusedRequirements: Task = {
  id: 'unused-requirements',
  prompt: 'Which packages in python/requirements.txt are never imported by the Python code?',
  direct: ({ workspace }) => ({
    turns: [
      () => [
        call('Read', { file_path: 'python/requirements.txt' }),
        call('Grep', { pattern: IMPORTS, path: 'python', output_mode: 'content' }),
      ],
    ],
    answer: ([[requirements = '', imports = ''] = []]) => {
      const imported = new Set(
        parseGrepContent(imports, workspace).map((hit) => hit.text.split(/[\s.]+/)[1] ?? ''),
      );
      return sorted(
        linesOf(requirements)
          .map((line) => /^\s*\d+\t([A-Za-z0-9_-]+)/.exec(line)?.[1] ?? '')
          .filter((name) => !imported.has(MODULE_OF[name.toLowerCase()] ?? name.toLowerCase())),
      );
    },
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
(let* ((both (parallel (Read :file_path "python/requirements.txt")
                       (Grep :pattern "^(import|from) \\w+" :path "python" :output_mode "content")))
       (imported nil) (unused nil))
  (dolist (line (split-string (cadr both) "\n" t))
    (when (string-match-p "^[0-9]+:" line)
      (push (nth 1 (split-string (substring line (+ 1 (string-search ":" line))) "[ .]+")) imported)))
  (dolist (line (split-string (car both) "\n" t))
    (let* ((name (car (split-string (cadr (split-string line "\t")) "==")))
           (module (if (equal (downcase name) "pyyaml") "yaml" (downcase name))))
      (unless (member module imported) (push name unused))))
  (string-join (sort unused) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => sorted(resultLines(text)),
  }),
};
