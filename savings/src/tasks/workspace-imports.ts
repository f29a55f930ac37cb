import { call, script } from './call.js';
import { packageOf, parseGrepContent, resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

const PATTERN = "from '@acme/";

/** Which workspace package imports which. */
export const workspaceImports: Task = {
  id: 'workspace-imports',
  prompt: 'Which of our packages import which other workspace packages (@acme/*) in their source?',
  direct: ({ workspace }) => ({
    turns: [
      () => [
        call('Grep', {
          pattern: PATTERN,
          path: 'packages',
          glob: '*/src/**',
          output_mode: 'content',
        }),
      ],
    ],
    answer: ([[text = ''] = []]) =>
      sorted(
        new Set(
          parseGrepContent(text, workspace).map(
            (hit) =>
              `${packageOf(hit.file).slice('packages/'.length)} -> ${/@acme\/(\w+)/.exec(hit.text)?.[1]}`,
          ),
        ),
      ),
  }),
  toolcall: ({ workspace }) => ({
    turns: [
      () => [
        script(String.raw`
(let ((file nil) (edges nil))
  (dolist (line (split-string (Grep :pattern "${PATTERN}" :path "packages" :glob "*/src/**" :output_mode "content") "\n" t))
    (if (string-prefix-p "/" line)
        (setq file (nth 1 (split-string (substring line (length "${workspace}/")) "/")))
      (let* ((rest (substring line (+ 6 (string-search "@acme/" line))))
             (edge (format "%s -> %s" file (car (split-string rest "[/']")))))
        (unless (member edge edges) (push edge edges)))))
  (string-join (sort edges) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => sorted(resultLines(text)),
  }),
};
