import { call, script } from './call.js';
import { linesOf, parseGrepContent, relativePath, sorted } from './parse.js';
import type { Answer, Task } from './types.js';

// ApplyPatch reports `Applied: PATH hunk K` per hunk; the answer names the files it changed.
function answerOf(applied: string, verify: string, workspace: string): Answer {
  const files = linesOf(applied)
    .map((line) => /^Applied: (.+?)(?: hunk \d+)?$/.exec(line)?.[1])
    .filter((path): path is string => path !== undefined)
    .map((path) => relativePath(workspace, path));
  const left = new Set(parseGrepContent(verify, workspace).map((hit) => hit.file));
  return { fixed: sorted(new Set(files)), remaining: left.size };
}

/** A misspelling fixed in every file that has it, through ApplyPatch. */
export const fixTypo: Task = {
  id: 'fix-typo',
  prompt: "Fix the misspelling 'recieve' (it should be 'receive') in every file that has it.",
  mutates: true,
  direct: ({ workspace }) => ({
    turns: [
      () => [call('Grep', { pattern: 'recieve', output_mode: 'content' })],
      ([[hits = ''] = []]) => {
        const body = parseGrepContent(hits, workspace).map(
          (hit) =>
            `*** Update File: ${hit.file}\n@@\n-${hit.text}\n+${hit.text.replaceAll('recieve', 'receive')}`,
        );
        return [
          call('ApplyPatch', { patch: ['*** Begin Patch', ...body, '*** End Patch'].join('\n') }),
        ];
      },
      () => [call('Grep', { pattern: 'recieve', output_mode: 'content' })],
    ],
    answer: ([, [applied = ''] = [], [verify = ''] = []]) => answerOf(applied, verify, workspace),
  }),
  toolcall: ({ workspace }) => ({
    turns: [
      () => [
        script(String.raw`
(let ((file nil) (hunks nil))
  (dolist (line (split-string (Grep :pattern "recieve" :output_mode "content") "\n" t))
    (if (string-prefix-p "/" line)
        (setq file line)
      (let ((old (substring line (+ 1 (string-search ":" line)))))
        (push (format "*** Update File: %s\n@@\n-%s\n+%s" file old
                      (string-join (split-string old "recieve") "receive"))
              hunks))))
  (let* ((applied (ApplyPatch :patch (string-join (append (list "*** Begin Patch") (reverse hunks) (list "*** End Patch")) "\n")))
        (verify (Grep :pattern "recieve" :output_mode "count")))
    (format "%s\nremaining: %d" applied
            (if (string-prefix-p "No matches" verify) 0 (length (split-string verify "\n" t))))))`),
      ],
    ],
    answer: ([[text = ''] = []]) => ({
      ...(answerOf(text, '', workspace) as object),
      remaining: Number(/remaining: (\d+)/.exec(text)?.[1]),
    }),
  }),
};
