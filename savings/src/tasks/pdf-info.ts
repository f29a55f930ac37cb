import { call, script } from './call.js';
import { bashOutput, linesOf } from './parse.js';
import type { Answer, Task } from './types.js';

function answerOf(text: string): Answer {
  const field = (name: string) =>
    linesOf(text)
      .find((line) => line.startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  return { title: field('Title'), author: field('Author'), pages: Number(field('Pages')) };
}

/** A PDF's title, author and page count, from `pdfinfo`. */
export const pdfInfo: Task = {
  id: 'pdf-info',
  prompt: 'What is the title of docs/spec.pdf, who wrote it, and how many pages does it have?',
  direct: () => ({
    turns: [
      () => [call('Bash', { command: 'pdfinfo docs/spec.pdf', description: 'PDF metadata' })],
    ],
    answer: ([[text = ''] = []]) => answerOf(bashOutput(text)),
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
(let ((keep nil))
  (dolist (line (split-string (Bash :command "pdfinfo docs/spec.pdf" :description "PDF metadata") "\n" t))
    (when (or (string-prefix-p "Title:" line) (string-prefix-p "Author:" line) (string-prefix-p "Pages:" line))
      (push line keep)))
  (string-join (reverse keep) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => answerOf(text),
  }),
};
