import { call, script } from './call.js';
import { linesOf, parseGrepContent, resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

const PATTERN = String.raw`process\.env\.[A-Z_]+|environ(\.get)?[\[(]"[A-Z_]+|\$\{[A-Z_]+`;
const NAMES = /process\.env\.([A-Z_]+)|environ(?:\.get\(|\[)"([A-Z_]+)|\$\{([A-Z_]+)/g;

/** Environment variables the code reads that `.env.example` does not list. */
export const envVarsMissing: Task = {
  id: 'env-vars-missing',
  prompt:
    'Which environment variables does the code read (TypeScript, Python, shell) that are missing from .env.example?',
  direct: ({ workspace }) => ({
    turns: [
      () => [
        call('Grep', { pattern: PATTERN, output_mode: 'content' }),
        call('Read', { file_path: '.env.example' }),
      ],
    ],
    answer: ([[uses = '', example = ''] = []]) => {
      const used = new Set(
        parseGrepContent(uses, workspace).flatMap((hit) =>
          [...hit.text.matchAll(NAMES)].map((found) => found[1] ?? found[2] ?? found[3] ?? ''),
        ),
      );
      const listed = new Set(
        linesOf(example).map((line) => /^\s*\d+\t([A-Z_]+)=/.exec(line)?.[1] ?? ''),
      );
      return sorted([...used].filter((name) => !listed.has(name)));
    },
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
(defun word-at (s i)
  (let ((j i))
    (while (and (< j (length s)) (string-match-p "[A-Z_]" (substring s j (+ j 1)))) (setq j (+ j 1)))
    (substring s i j)))
(defun names-after (marker line)
  (let ((start 0) (at nil) (found nil))
    (while (setq at (string-search marker line start))
      (let ((w (word-at line (+ at (length marker))))) (unless (equal w "") (push w found)))
      (setq start (+ at 1)))
    found))
(let* ((both (parallel (Grep :pattern "process\\.env\\.[A-Z_]+|environ(\\.get)?[\\[(]\"[A-Z_]+|\\$\\{[A-Z_]+" :output_mode "content")
                       (Read :file_path ".env.example")))
       (used nil) (missing nil))
  (dolist (line (split-string (car both) "\n" t))
    (dolist (marker (list "process.env." "environ[\"" "environ.get(\"" "${'${'}"))
      (dolist (w (names-after marker line)) (unless (member w used) (push w used)))))
  (dolist (w used)
    (unless (string-search (concat "\t" w "=") (cadr both)) (push w missing)))
  (string-join (sort missing) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => sorted(resultLines(text)),
  }),
};
