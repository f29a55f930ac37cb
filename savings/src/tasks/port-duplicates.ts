import { call, script } from './call.js';
import { parseGrepContent, resultLines, sorted } from './parse.js';
import type { Answer, Task } from './types.js';

const PATTERN = String.raw`port"?\s*[:=]\s*[0-9]+`;

/** Port numbers configured in more than one place. */
export const portDuplicates: Task = {
  id: 'port-duplicates',
  prompt: 'Which port numbers are configured in more than one place, and where (file:line)?',
  direct: ({ workspace }) => ({
    turns: [() => [call('Grep', { pattern: PATTERN, '-i': true, output_mode: 'content' })]],
    answer: ([[text = ''] = []]): Answer => {
      const places = new Map<string, string[]>();
      for (const hit of parseGrepContent(text, workspace)) {
        const port = hit.text.match(/\d+/g)?.at(-1) ?? '';
        places.set(port, [...(places.get(port) ?? []), `${hit.file}:${hit.line}`]);
      }
      return sorted(
        [...places]
          .filter(([, where]) => where.length > 1)
          .map(([port, where]) => `${port} ${sorted(where).join(' ')}`),
      );
    },
  }),
  toolcall: ({ workspace }) => ({
    turns: [
      () => [
        script(String.raw`
(let ((file nil) (places nil) (ports nil) (result nil))
  (dolist (line (split-string (Grep :pattern "port\"?\\s*[:=]\\s*[0-9]+" :-i t :output_mode "content") "\n" t))
    (if (string-prefix-p "/" line)
        (setq file (substring line (length "${workspace}/")))
      (let ((port (car (last (split-string line "[^0-9]+" t))))
            (where (format "%s:%s" file (substring line 0 (string-search ":" line)))))
        (push (cons port where) places)
        (unless (member port ports) (push port ports)))))
  (dolist (port ports)
    (let ((where nil))
      (dolist (place places) (when (equal (car place) port) (push (cdr place) where)))
      (when (> (length where) 1)
        (push (concat port " " (string-join (sort where) " ")) result))))
  (string-join (sort result) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => sorted(resultLines(text)),
  }),
};
