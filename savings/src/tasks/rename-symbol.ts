import { call, script } from './call.js';
import { linesOf, parseGrepContent, parseGrepCount, relativePath, sorted } from './parse.js';
import type { Answer, Task } from './types.js';

function answerOf(applied: string, verify: string, workspace: string): Answer {
  const files = linesOf(applied)
    .map((line) => /^Applied: (.+?)(?: hunk \d+)?$/.exec(line)?.[1])
    .filter((path): path is string => path !== undefined)
    .map((path) => relativePath(workspace, path));
  return { renamed: sorted(new Set(files)), remaining: parseGrepCount(verify, workspace).size };
}

/** A function renamed in every TypeScript file that names it, through ApplyPatch. */
export const renameSymbol: Task = {
  id: 'rename-symbol',
  prompt: 'Rename the function fetchUser to loadUser everywhere in the TypeScript code.',
  mutates: true,
  direct: ({ workspace }) => ({
    turns: [
      () => [call('Grep', { pattern: 'fetchUser', glob: '*.ts', output_mode: 'content' })],
      ([[hits = ''] = []]) => {
        const byFile = new Map<string, string[]>();
        for (const hit of parseGrepContent(hits, workspace)) {
          const hunk = `@@\n-${hit.text}\n+${hit.text.replaceAll('fetchUser', 'loadUser')}`;
          byFile.set(hit.file, [...(byFile.get(hit.file) ?? []), hunk]);
        }
        const body = [...byFile].map(
          ([file, hunks]) => `*** Update File: ${file}\n${hunks.join('\n')}`,
        );
        return [
          call('ApplyPatch', { patch: ['*** Begin Patch', ...body, '*** End Patch'].join('\n') }),
        ];
      },
      () => [call('Grep', { pattern: 'fetchUser', glob: '*.ts', output_mode: 'count' })],
    ],
    answer: ([, [applied = ''] = [], [verify = ''] = []]) => answerOf(applied, verify, workspace),
  }),
  toolcall: ({ workspace }) => ({
    turns: [
      () => [
        script(String.raw`
(let ((parts (list "*** Begin Patch")))
  (dolist (line (split-string (Grep :pattern "fetchUser" :glob "*.ts" :output_mode "content") "\n" t))
    (if (string-prefix-p "/" line)
        (push (concat "*** Update File: " line) parts)
      (let ((old (substring line (+ 1 (string-search ":" line)))))
        (push (format "@@\n-%s\n+%s" old (string-join (split-string old "fetchUser") "loadUser")) parts))))
  (push "*** End Patch" parts)
  (let* ((applied (ApplyPatch :patch (string-join (reverse parts) "\n")))
         (verify (Grep :pattern "fetchUser" :glob "*.ts" :output_mode "count")))
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
