import { call, script } from './call.js';
import { resultLines, sorted } from './parse.js';
import type { Task } from './types.js';

/** The link targets of WebFetch's markdown (`[text](url)`). */
export function linksOf(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((found) => found[1] ?? '');
}

// Links on the site itself are answered as paths, so answers do not depend on the port.
function local(urls: readonly string[], origin: string): string[] {
  return sorted(
    new Set(urls.map((url) => (url.startsWith(origin) ? url.slice(origin.length) : url))),
  );
}

/** The links of a loopback page. */
export const webLinks: Task = {
  id: 'web-links',
  prompt: 'Fetch the status page at the local site and list every link on it.',
  direct: ({ origin }) => ({
    turns: [() => [call('WebFetch', { url: `${origin}/` })]],
    answer: ([[page = ''] = []]) => local(linksOf(page), origin),
  }),
  toolcall: ({ origin }) => ({
    turns: [
      () => [
        script(String.raw`
(let* ((page (WebFetch :url "${origin}/")) (start 0) (links nil) (at nil))
  (while (setq at (string-search "](" page start))
    (let ((end (string-search ")" page at)))
      (push (substring page (+ at 2) end) links)
      (setq start end)))
  (string-join (sort links) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]) => local(resultLines(text), origin),
  }),
};
