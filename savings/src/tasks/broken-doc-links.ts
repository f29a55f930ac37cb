import { call, script } from './call.js';
import { bashOutput, linesOf, parseGrepContent, resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

const LINKS = String.raw`\]\([^)]+\)`;

interface Link {
  readonly source: string;
  readonly target: string;
  readonly resolved: string;
}

function linksOf(text: string, workspace: string): Link[] {
  return parseGrepContent(text, workspace).flatMap((hit) =>
    [...hit.text.matchAll(/\]\(([^)]+)\)/g)]
      .map((found) => found[1] ?? '')
      .filter((target) => !target.startsWith('http'))
      .map((target) => ({
        source: hit.file,
        target,
        resolved: `${hit.file.includes('/') ? hit.file.slice(0, hit.file.lastIndexOf('/') + 1) : ''}${target}`,
      })),
  );
}

/** Relative links in the markdown docs whose targets do not exist. */
export const brokenDocLinks: Task = {
  id: 'broken-doc-links',
  prompt: 'Find the relative links in our markdown files that point to files that do not exist.',
  direct: ({ workspace }) => ({
    turns: [
      () => [call('Grep', { pattern: LINKS, glob: '*.md', output_mode: 'content' })],
      ([[text = ''] = []]) => [
        call('Bash', {
          command: `for p in ${linksOf(text, workspace)
            .map((link) => link.resolved)
            .join(' ')}; do [ -e "$p" ] || echo "missing: $p"; done`,
          description: 'Check the link targets',
        }),
      ],
    ],
    answer: ([[text = ''] = [], [checked = ''] = []]) => {
      const missing = new Set(
        linesOf(bashOutput(checked)).map((line) => line.replace('missing: ', '')),
      );
      return sorted(
        linksOf(text, workspace)
          .filter((link) => missing.has(link.resolved))
          .map((link) => `${link.source} -> ${link.target}`),
      );
    },
  }),
  toolcall: ({ workspace }) => ({
    turns: [
      () => [
        script(String.raw`
(let ((file nil) (links nil) (broken nil))
  (dolist (line (split-string (Grep :pattern "\\]\\([^)]+\\)" :glob "*.md" :output_mode "content") "\n" t))
    (if (string-prefix-p "/" line)
        (setq file (substring line (length "${workspace}/")))
      (let ((start 0) (at nil))
        (while (setq at (string-search "](" line start))
          (let* ((end (string-search ")" line at)) (target (substring line (+ at 2) end)))
            (unless (string-prefix-p "http" target)
              (push (list file target (concat (or (file-name-directory file) "") target)) links))
            (setq start end))))))
  (let ((checked (Bash :command (format "for p in %s; do [ -e \"$p\" ] || echo \"missing: $p\"; done"
                                        (string-join (mapcar (lambda (l) (nth 2 l)) (reverse links)) " "))
                       :description "Check the link targets")))
    (dolist (link links)
      (when (string-search (concat "missing: " (nth 2 link) "\n") checked)
        (push (format "%s -> %s" (car link) (cadr link)) broken))))
  (string-join (sort broken) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => sorted(resultLines(text)),
  }),
};
