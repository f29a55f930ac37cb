import { call, script } from './call.js';
import { linesOf, resultLines } from './parse.js';
import type { Answer, Task } from './types.js';
import { linksOf } from './web-links.js';

function headingOf(markdown: string): string {
  return (
    linesOf(markdown)
      .find((line) => line.startsWith('# '))
      ?.slice(2)
      .trim() ?? ''
  );
}

function localPages(page: string, origin: string): string[] {
  return [...new Set(linksOf(page).filter((url) => url.startsWith(`${origin}/`)))].sort();
}

/** The main heading of every page the status page links to on the same site. */
export const webCrawl: Task = {
  id: 'web-crawl',
  prompt:
    'Fetch the local status page and every page it links to on the same site, and give me the main heading of each linked page.',
  direct: ({ origin }) => ({
    turns: [
      () => [call('WebFetch', { url: `${origin}/` })],
      ([[page = ''] = []]) => localPages(page, origin).map((url) => call('WebFetch', { url })),
    ],
    answer: ([[page = ''] = [], pages = []]): Answer =>
      Object.fromEntries(
        localPages(page, origin).map((url, index) => [
          url.slice(origin.length),
          headingOf(pages[index] ?? ''),
        ]),
      ),
  }),
  toolcall: ({ origin }) => ({
    turns: [
      () => [
        script(String.raw`
(let* ((page (WebFetch :url "${origin}/")) (start 0) (urls nil) (at nil) (result nil))
  (while (setq at (string-search "](${origin}/" page start))
    (let* ((end (string-search ")" page at)) (url (substring page (+ at 2) end)))
      (unless (member url urls) (push url urls))
      (setq start end)))
  (setq urls (sort urls))
  (let ((pages (parallel-map (lambda (url) (WebFetch :url url)) urls)) (i 0))
    (dolist (url urls)
      (let ((heading nil))
        (dolist (line (split-string (nth i pages) "\n" t))
          (when (and (null heading) (string-prefix-p "# " line)) (setq heading (substring line 2))))
        (push (format "%s %s" (substring url (length "${origin}")) heading) result))
      (setq i (+ i 1))))
  (string-join (reverse result) "\n"))`),
      ],
    ],
    answer: ([[text = ''] = []]): Answer =>
      Object.fromEntries(
        resultLines(text).map((line) => [
          line.slice(0, line.indexOf(' ')),
          line.slice(line.indexOf(' ') + 1),
        ]),
      ),
  }),
};
