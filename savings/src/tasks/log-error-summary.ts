import { call, script } from './call.js';
import { parseGrepContent, resultLines } from './parse.js';
import type { Answer, Task } from './types.js';

function summarise(perLog: Map<string, number>, messages: string[]): Answer {
  const tally = new Map<string, number>();
  for (const message of messages) tally.set(message, (tally.get(message) ?? 0) + 1);
  // Most frequent first; a tie goes to the alphabetically first message.
  const [top = '', count = 0] =
    [...tally].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0] ?? [];
  return { perLog: Object.fromEntries([...perLog].sort()), top: `${count} ${top}` };
}

/** The error lines of five logs, summarised. */
export const logErrorSummary: Task = {
  id: 'log-error-summary',
  prompt:
    'Summarise the ERROR lines of the five logs in logs/: how many each log has, and the most frequent error message overall with its count.',
  direct: ({ workspace }) => ({
    turns: [() => [call('Grep', { pattern: 'ERROR', path: 'logs', output_mode: 'content' })]],
    answer: ([[text = ''] = []]) => {
      const hits = parseGrepContent(text, workspace);
      const perLog = new Map<string, number>();
      for (const hit of hits) {
        const name = hit.file.split('/').pop() ?? '';
        perLog.set(name, (perLog.get(name) ?? 0) + 1);
      }
      return summarise(
        perLog,
        hits.map((hit) => hit.text.slice(hit.text.indexOf('] ') + 2)),
      );
    },
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
(let ((file nil) (per nil) (messages nil) (distinct nil) (best nil) (best-count 0))
  (dolist (line (split-string (Grep :pattern "ERROR" :path "logs" :output_mode "content") "\n" t))
    (if (string-prefix-p "/" line)
        (progn (setq file (file-name-nondirectory line)) (push file per))
      (let ((message (substring line (+ 2 (string-search "] " line)))))
        (push file per)
        (push message messages)
        (unless (member message distinct) (push message distinct)))))
  (dolist (message (sort distinct))
    (let ((n 0))
      (dolist (m messages) (when (equal m message) (setq n (+ n 1))))
      (when (> n best-count) (setq best message) (setq best-count n))))
  (string-join
   (append (mapcar (lambda (f) (let ((n -1)) (dolist (g per) (when (equal g f) (setq n (+ n 1)))) (format "%s %d" f n)))
                   (sort (let ((seen nil)) (dolist (f per) (unless (member f seen) (push f seen))) seen)))
           (list (format "top: %d %s" best-count best)))
   "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => {
      const lines = resultLines(text);
      const perLog = new Map<string, number>();
      for (const line of lines.filter((l) => !l.startsWith('top: '))) {
        const [name = '', count = ''] = line.split(' ');
        perLog.set(name, Number(count));
      }
      const top = lines.find((l) => l.startsWith('top: '))?.slice(5) ?? '';
      return { perLog: Object.fromEntries([...perLog].sort()), top };
    },
  }),
};
