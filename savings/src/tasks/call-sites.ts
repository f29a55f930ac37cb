import { call, script } from './call.js';
import { parseGrepContent } from './parse.js';
import type { Answer, Task } from './types.js';

const PATTERN = String.raw`parseConfig\(`;

// The answer names each call site; the context lines are what the person reads.
function answerOf(text: string, workspace: string): Answer {
  return parseGrepContent(text, workspace)
    .filter((hit) => hit.match && !hit.text.includes('function parseConfig'))
    .map((hit) => `${hit.file}:${hit.line}`)
    .sort();
}

/** Every call site of a function with three lines of context: one Grep either way. */
export const callSites: Task = {
  id: 'call-sites',
  prompt: 'Show me every call site of parseConfig with 3 lines of context.',
  direct: ({ workspace }) => ({
    turns: [() => [call('Grep', { pattern: PATTERN, output_mode: 'content', context: 3 })]],
    answer: ([[text = ''] = []]) => answerOf(text, workspace),
  }),
  toolcall: ({ workspace }) => ({
    turns: [
      () => [
        script(String.raw`(Grep :pattern "parseConfig\\(" :output_mode "content" :context 3)`),
      ],
    ],
    answer: ([[text = ''] = []]) => answerOf(text, workspace),
  }),
};
