import { call, script } from './call.js';
import { bashOutput, linesOf, packageOf, parseGrepContent, resultLines } from './parse.js';
import type { Answer, Task } from './types.js';

// `git blame --date=short` prints `HASH (Author Name 2023-12-11 24) text`.
function parseBlame(line: string): { author: string; date: string } | undefined {
  const inside = /\(([^)]*)\)/.exec(line)?.[1]?.trim().split(/\s+/);
  if (inside === undefined || inside.length < 3) return undefined;
  return { author: inside.slice(0, -2).join(' '), date: inside.at(-2) ?? '' };
}

const pad = (line: number) => String(line).padStart(4, '0');

/** TODO comments per package and the three oldest by `git blame`. */
export const todosPerPackage: Task = {
  id: 'todos-per-package',
  prompt:
    'Count the TODO comments per package and list the three oldest TODOs by git blame (file:line, author, date).',
  direct: ({ workspace }) => ({
    turns: [
      () => [call('Grep', { pattern: 'TODO', output_mode: 'content' })],
      ([[todos = ''] = []]) => {
        const byFile = new Map<string, number[]>();
        for (const hit of parseGrepContent(todos, workspace)) {
          byFile.set(hit.file, [...(byFile.get(hit.file) ?? []), hit.line]);
        }
        const command = [...byFile]
          .map(
            ([file, lines]) =>
              `git blame --date=short ${lines.map((n) => `-L ${n},${n}`).join(' ')} -- ${file}`,
          )
          .join(' && ');
        return [call('Bash', { command, description: 'Blame the TODO lines' })];
      },
    ],
    answer: ([[todos = ''] = [], [blame = ''] = []]) => {
      const hits = parseGrepContent(todos, workspace);
      const counts = new Map<string, number>();
      for (const { file } of hits)
        counts.set(packageOf(file), (counts.get(packageOf(file)) ?? 0) + 1);
      // The blame output comes file by file, line by line, in the order Grep listed them.
      const keyed = linesOf(bashOutput(blame)).flatMap((line, index) => {
        const parsed = parseBlame(line);
        const hit = hits[index];
        if (parsed === undefined || hit === undefined) return [];
        const key = `${parsed.date}|${hit.file}:${pad(hit.line)}`;
        return [[key, `${hit.file}:${hit.line} ${parsed.author} ${parsed.date}`] as const];
      });
      const oldest = keyed
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, 3)
        .map(([, text]) => text);
      return { counts: Object.fromEntries([...counts].sort()), oldest } satisfies Answer;
    },
  }),
  toolcall: ({ workspace }) => ({
    turns: [
      () => [
        script(String.raw`
(defun pad (n) (let ((s (number-to-string n))) (while (< (length s) 4) (setq s (concat "0" s))) s))
(defun package-of (file)
  (let ((parts (split-string file "/")))
    (if (equal (car parts) "packages") (concat "packages/" (cadr parts)) (car parts))))
(defun count-of (x xs) (let ((n 0)) (dolist (y xs) (when (equal x y) (setq n (+ n 1)))) n))
(let ((file nil) (todos nil) (packages nil) (distinct nil) (keys nil) (i 0))
  (dolist (line (split-string (Grep :pattern "TODO" :output_mode "content") "\n" t))
    (if (string-prefix-p "/" line)
        (setq file (substring line (length "${workspace}/")))
      (let ((colon (string-search ":" line)))
        (when colon
          (push (list file (string-to-number (substring line 0 colon))) todos)
          (push (package-of file) packages)
          (unless (member (package-of file) distinct) (push (package-of file) distinct))))))
  (let ((blames (parallel-map
                 (lambda (todo)
                   (Bash :command (format "git blame --date=short -L %d,%d -- %s" (cadr todo) (cadr todo) (car todo))
                         :description "Blame one TODO line"))
                 todos)))
    (dolist (todo todos)
      (let* ((blame (nth i blames))
             (inside (split-string (substring blame (+ 1 (string-search "(" blame)) (string-search ")" blame)) " " t))
             (n (length inside))
             (date (nth (- n 2) inside))
             (author (string-join (take (- n 2) inside) " ")))
        (push (format "%s|%s:%s|%s:%d %s %s" date (car todo) (pad (cadr todo)) (car todo) (cadr todo) author date) keys)
        (setq i (+ i 1)))))
  (string-join
   (append (mapcar (lambda (p) (format "%s %d" p (count-of p packages))) (sort distinct))
           (list "oldest:")
           (mapcar (lambda (k) (nth 2 (split-string k "|"))) (take 3 (sort keys))))
   "\n"))`),
      ],
    ],
    answer: ([[result = ''] = []]) => {
      const lines = resultLines(result);
      const split = lines.indexOf('oldest:');
      const counts = lines.slice(0, split).map((line) => {
        const [name = '', count = ''] = line.split(' ');
        return [name, Number(count)] as const;
      });
      return { counts: Object.fromEntries(counts), oldest: lines.slice(split + 1) };
    },
  }),
};
