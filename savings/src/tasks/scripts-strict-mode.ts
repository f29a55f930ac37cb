import { call, script } from './call.js';
import { linesOf, relativePath, resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

const STRICT = 'set -euo pipefail';

/** Shell scripts that do not start in strict mode. */
export const scriptsStrictMode: Task = {
  id: 'scripts-strict-mode',
  prompt: "Which shell scripts in scripts/ don't use `set -euo pipefail`?",
  direct: ({ workspace }) => ({
    turns: [
      () => [
        call('Glob', { pattern: 'scripts/*.sh' }),
        call('Grep', { pattern: STRICT, path: 'scripts', output_mode: 'files_with_matches' }),
      ],
    ],
    answer: ([[all = '', strict = ''] = []]) => {
      const safe = new Set(linesOf(strict));
      return sorted(linesOf(all).filter((path) => !safe.has(path))).map((path) =>
        relativePath(workspace, path),
      );
    },
  }),
  toolcall: ({ workspace }) => ({
    turns: [
      () => [
        script(String.raw`
(let* ((found (parallel (Glob :pattern "scripts/*.sh")
                        (Grep :pattern "${STRICT}" :path "scripts" :output_mode "files_with_matches")))
       (strict (split-string (cadr found) "\n" t))
       (loose nil))
  (dolist (path (split-string (car found) "\n" t))
    (unless (member path strict) (push (file-name-nondirectory path) loose)))
  (string-join (sort loose) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) =>
      sorted(
        resultLines(text).map((name) => relativePath(workspace, `${workspace}/scripts/${name}`)),
      ),
  }),
};
