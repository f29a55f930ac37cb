import { call, script } from './call.js';
import { parseGrepContent, resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

const EXPORTS = String.raw`^export (async )?function \w+`;

function nameOf(text: string): string {
  return /function (\w+)/.exec(text)?.[1] ?? '';
}

/** Exported functions that no test mentions. */
export const untestedExports: Task = {
  id: 'untested-exports',
  prompt: 'Which exported functions in packages/*/src are never mentioned by any test?',
  direct: ({ workspace }) => ({
    turns: [
      () => [call('Grep', { pattern: EXPORTS, path: 'packages', output_mode: 'content' })],
      ([[exports = ''] = []]) => {
        const names = parseGrepContent(exports, workspace).map((hit) => nameOf(hit.text));
        return [
          call('Grep', {
            pattern: String.raw`\b(${names.join('|')})\b`,
            path: 'packages',
            glob: '**/test/**',
            output_mode: 'content',
          }),
        ];
      },
    ],
    answer: ([[exports = ''] = [], [tests = ''] = []]) => {
      const names = parseGrepContent(exports, workspace).map((hit) => nameOf(hit.text));
      const mentioned = parseGrepContent(tests, workspace).map((hit) => hit.text);
      return sorted(
        names.filter((name) => !mentioned.some((text) => new RegExp(`\\b${name}\\b`).test(text))),
      );
    },
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
(let ((names nil) (missing nil))
  (dolist (line (split-string (Grep :pattern "^export (async )?function \\w+" :path "packages" :output_mode "content") "\n" t))
    (let ((at (string-search "function " line)))
      (when at
        (let ((rest (substring line (+ at 9))))
          (push (substring rest 0 (string-search "(" rest)) names)))))
  (let ((tests (Grep :pattern (concat "\\b(" (string-join names "|") ")\\b")
                     :path "packages" :glob "**/test/**" :output_mode "content")))
    (dolist (name names)
      (unless (string-match-p (concat "[^A-Za-z0-9_]" (regexp-quote name) "[^A-Za-z0-9_]") tests)
        (push name missing))))
  (string-join (sort missing) "\n"))`),
      ],
    ],
    answer: ([[result = ''] = []]) => sorted(resultLines(result)),
  }),
};
