import { call, script } from './call.js';
import { linesOf, parseGrepContent, relativePath, resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

// Outline prints `PATH:LINE: [Category] name` per definition.
function enclosing(outline: string, line: number): string {
  let name = '';
  for (const entry of linesOf(outline)) {
    const found = /:(\d+): (?:\[[^\]]*\] )?(.+)$/.exec(entry);
    if (found !== null && Number(found[1]) <= line) name = found[2] ?? '';
  }
  return name;
}

/** The function each TODO sits in, through Grep and the Outline tool. */
export const todoFunctions: Task = {
  id: 'todo-functions',
  prompt: 'For every TODO comment, name the function it sits in.',
  direct: ({ workspace }) => ({
    turns: [
      () => [call('Grep', { pattern: 'TODO', output_mode: 'content' })],
      ([[todos = ''] = []]) =>
        [...new Set(parseGrepContent(todos, workspace).map((hit) => hit.file))].map((file) =>
          call('Outline', { file_path: file }),
        ),
    ],
    answer: ([[todos = ''] = [], outlines = []]) => {
      const hits = parseGrepContent(todos, workspace);
      const files = [...new Set(hits.map((hit) => hit.file))];
      return sorted(
        hits.map(
          (hit) =>
            `${hit.file}:${hit.line} ${enclosing(outlines[files.indexOf(hit.file)] ?? '', hit.line)}`,
        ),
      );
    },
  }),
  toolcall: ({ workspace }) => ({
    turns: [
      () => [
        script(String.raw`
(let ((file nil) (todos nil) (files nil) (result nil))
  (dolist (line (split-string (Grep :pattern "TODO" :output_mode "content") "\n" t))
    (if (string-prefix-p "/" line)
        (progn (setq file (substring line (length "${workspace}/"))) (push file files))
      (push (list file (string-to-number (substring line 0 (string-search ":" line)))) todos)))
  (setq files (reverse files))
  (let ((outlines (parallel-map (lambda (f) (Outline :file_path f)) files)))
    (dolist (todo todos)
      (let ((name "") (outline (nth (- (length files) (length (member (car todo) files))) outlines)))
        (dolist (entry (split-string outline "\n" t))
          (let ((parts (split-string entry ":")))
            (when (<= (string-to-number (nth 1 parts)) (cadr todo))
              (setq name (substring entry (+ 2 (string-search "] " entry)))))))
        (push (format "%s:%d %s" (car todo) (cadr todo) name) result))))
  (string-join (sort result) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) =>
      sorted(resultLines(text).map((line) => relativePath(workspace, line))),
  }),
};
