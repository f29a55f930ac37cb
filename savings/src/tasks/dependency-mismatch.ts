import { call, script } from './call.js';
import { parseGrepContent, resultLines } from './parse.js';
import type { Answer, Task } from './types.js';

// Only caret and tilde ranges: a package's own `"version": "0.3.0"` is not a dependency.
const PATTERN = String.raw`"[@a-z][^"]*": "[\^~]`;

/** Dependencies declared with different version ranges by different packages. */
export const dependencyMismatch: Task = {
  id: 'dependency-mismatch',
  prompt:
    'Which dependencies are declared with different version ranges in different package.json files?',
  direct: ({ workspace }) => ({
    turns: [
      () => [call('Grep', { pattern: PATTERN, glob: '**/package.json', output_mode: 'content' })],
    ],
    answer: ([[text = ''] = []]): Answer => {
      const versions = new Map<string, Set<string>>();
      for (const hit of parseGrepContent(text, workspace)) {
        const found = /"([^"]+)": "([^"]+)"/.exec(hit.text);
        if (found === null) continue;
        const [, name = '', range = ''] = found;
        versions.set(name, (versions.get(name) ?? new Set()).add(range));
      }
      return [...versions]
        .filter(([, ranges]) => ranges.size > 1)
        .map(([name, ranges]) => `${name} ${[...ranges].sort().join(' ')}`)
        .sort();
    },
  }),
  toolcall: () => ({
    turns: [
      () => [
        script(String.raw`
(let ((pairs nil) (names nil) (result nil))
  (dolist (line (split-string (Grep :pattern "\"[@a-z][^\"]*\": \"[\\^~]" :glob "**/package.json" :output_mode "content") "\n" t))
    (let ((parts (split-string line "\"")))
      (when (>= (length parts) 4)
        (push (cons (nth 1 parts) (nth 3 parts)) pairs)
        (unless (member (nth 1 parts) names) (push (nth 1 parts) names)))))
  (dolist (name names)
    (let ((ranges nil))
      (dolist (pair pairs)
        (when (and (equal (car pair) name) (not (member (cdr pair) ranges))) (push (cdr pair) ranges)))
      (when (> (length ranges) 1)
        (push (concat name " " (string-join (sort ranges) " ")) result))))
  (string-join (sort result) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => resultLines(text).sort(),
  }),
};
