import { call, script } from './call.js';
import { bashOutput, linesOf } from './parse.js';
import type { Task } from './types.js';

const FIND = "find . -type f -not -path './.git/*' -printf '%s %P\\n' | sort -rn | head -5";

// Lines are `SIZE PATH`, largest first.
function answerOf(output: string) {
  return linesOf(output).map((line) => line.trim());
}

/** The largest files: one shell pipeline answers it either way. */
export const largestFiles: Task = {
  id: 'largest-files',
  prompt: 'What are the five largest files in the repository (not counting .git)?',
  direct: () => ({
    turns: [() => [call('Bash', { command: FIND, description: 'Largest files' })]],
    answer: ([[text = ''] = []]) => answerOf(bashOutput(text)),
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
(car (split-string (Bash :command "${FIND.replaceAll('\\', '\\\\')}" :description "Largest files") "\n\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => answerOf(text),
  }),
};
