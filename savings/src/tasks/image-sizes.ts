import { call, script } from './call.js';
import { bashOutput, linesOf, relativePath, resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

// `file` prints `PATH: PNG image data, 320 x 80, 8-bit/color RGB, non-interlaced`.
function sizesOf(output: string, workspace: string): string[] {
  return sorted(
    linesOf(output).flatMap((line) => {
      const found = /^(.+?):\s+PNG image data, (\d+) x (\d+)/.exec(line);
      return found === null
        ? []
        : [`${relativePath(workspace, found[1] ?? '')} ${found[2]}x${found[3]}`];
    }),
  );
}

/** Every PNG image with its pixel size. */
export const imageSizes: Task = {
  id: 'image-sizes',
  prompt: 'List every PNG image in the repository with its width and height in pixels.',
  direct: ({ workspace }) => ({
    turns: [
      () => [call('Glob', { pattern: '**/*.png' })],
      ([[paths = ''] = []]) => [
        call('Bash', {
          command: `file ${linesOf(paths)
            .map((path) => relativePath(workspace, path))
            .join(' ')}`,
          description: 'Image sizes',
        }),
      ],
    ],
    answer: ([, [text = ''] = []]) => sizesOf(bashOutput(text), workspace),
  }),
  toolcall: ({ workspace }) => ({
    turns: [
      () => [
        script(String.raw`
(let ((sizes nil))
  (dolist (line (split-string (Bash :command (concat "file " (string-join (split-string (Glob :pattern "**/*.png") "\n" t) " "))
                                    :description "Image sizes")
                              "\n" t))
    (let ((at (string-search "PNG image data, " line)))
      (when at
        (let* ((rest (substring line (+ at 16)))
               (dims (split-string (substring rest 0 (string-search "," rest)) " x ")))
          (push (format "%s %sx%s" (substring line 0 (string-search ":" line)) (car dims) (cadr dims)) sizes)))))
  (string-join (sort sizes) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) =>
      sorted(resultLines(text).map((line) => relativePath(workspace, line))),
  }),
};
