import { call, script } from './call.js';
import { bashOutput, linesOf, resultLines } from './parse.js';
import type { Answer, Task } from './types.js';

const LOG = 'git log v0.1.0..HEAD --format=%s';

// Conventional subjects: `type(scope): text` or `type: text`, grouped by type.
function grouped(subjects: readonly string[]): Answer {
  const groups = new Map<string, string[]>();
  for (const subject of subjects) {
    const type = /^(\w+)/.exec(subject)?.[1] ?? 'other';
    groups.set(type, [...(groups.get(type) ?? []), subject]);
  }
  return Object.fromEntries([...groups].sort().map(([type, list]) => [type, list.sort()]));
}

/** Commit subjects since a tag, grouped by type: one `git log` answers it either way. */
export const changelogSinceTag: Task = {
  id: 'changelog-since-tag',
  prompt:
    'Draft a changelog of the commits since v0.1.0, grouped by type (feat, fix, docs, chore).',
  direct: () => ({
    turns: [() => [call('Bash', { command: LOG, description: 'Commits since v0.1.0' })]],
    answer: ([[text = ''] = []]) => grouped(linesOf(bashOutput(text))),
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
(let ((lines nil))
  (dolist (line (split-string (Bash :command "${LOG}" :description "Commits since v0.1.0") "\n" t))
    (unless (string-prefix-p "<" line) (push line lines)))
  (string-join (sort lines) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => grouped(resultLines(text)),
  }),
};
