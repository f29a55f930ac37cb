/** Names from Emacs Lisp and its libraries that the dialect spells differently, or builds from its own forms. */
const idioms: Record<string, string> = {
  'seq-take': 'take',
  'cl-subseq': 'substring',
  'seq-subseq': 'substring',
  nreverse: 'reverse',
  'seq-reverse': 'reverse',
  mapc: 'dolist',
  'seq-map': 'mapcar',
  'cl-mapcar': 'mapcar',
  'seq-mapn': 'mapcar',
  'seq-do': 'dolist',
  'seq-doseq': 'dolist',
  'cl-dolist': 'dolist',
  'cl-dotimes': 'dotimes',
  'cl-loop': 'dolist or dotimes',
  'cl-block': 'while with a flag variable',
  'number-sequence': 'dotimes',
  mapconcat: 'string-join over mapcar',
  'string=': 'equal',
  'string-equal': 'equal',
  'string<': 'sort',
  '1+': '(+ x 1)',
  '1-': '(- x 1)',
  nconc: 'append',
  'seq-concatenate': 'append',
  setf: 'setq',
  'cl-incf': '(setq x (+ x 1))',
  'cl-decf': '(setq x (- x 1))',
  incf: '(setq x (+ x 1))',
  decf: '(setq x (- x 1))',
  pop: '(car x) then (setq x (cdr x))',
  defvar: 'let',
  defconst: 'let',
  defcustom: 'let',
  'cl-defun': 'defun',
  defsubst: 'defun',
  'define-inline': 'defun',
  'cl-defmacro': 'defmacro',
  'cl-flet': 'let with a lambda and funcall',
  'cl-labels': 'a top-level defun',
  flet: 'let with a lambda and funcall',
  'cl-letf': 'let',
  'let-alist': 'assoc or plist-get',
  'if-let': 'let then if',
  'if-let*': 'let* then if',
  'when-let': 'let then when',
  'when-let*': 'let* then when',
  'and-let*': 'let* then and',
  prog1: 'let then progn',
  prog2: 'let then progn',
  pcase: 'cond',
  'pcase-let': 'let',
  'pcase-dolist': 'dolist',
  'cl-case': 'cond',
  'cl-ecase': 'cond',
  'cl-typecase': 'cond with stringp, numberp, consp …',
  'condition-case': 'checking a result for (:error "message")',
  'ignore-errors': 'checking a result for (:error "message")',
  'unwind-protect': 'progn',
  catch: 'while with a flag variable',
  throw: 'while with a flag variable',
  'cl-return': 'while with a flag variable',
  'cl-return-from': 'while with a flag variable',
  'alist-get': 'assoc or assq',
  'string-match': 'string-match-p',
  'looking-at': 'string-match-p',
  'replace-regexp-in-string': 'split-string then string-join',
  'string-replace': 'split-string then string-join',
  'seq-length': 'length',
  'seq-elt': 'nth',
  elt: 'nth',
  aref: 'nth over (append VECTOR nil)',
  'cl-first': 'car',
  'seq-first': 'car',
  'cl-second': 'cadr',
  'cl-third': 'nth 2',
  'cl-rest': 'cdr',
  'seq-rest': 'cdr',
  'string-empty-p': 'equal with ""',
  'string-blank-p': 'equal with "" after string-trim',
  'string-to-list': 'append',
  'string-lines': 'split-string with "\\n"',
  'json-encode': 'a keyword plist',
  'json-parse-string': 'a keyword plist',
  message: 'format',
  error: '(list :error "message")',
  signal: '(list :error "message")',
  'user-error': '(list :error "message")',
  'seq-filter': 'dolist with push, then reverse',
  'cl-remove-if-not': 'dolist with push, then reverse',
  'cl-remove-if': 'dolist with push, then reverse',
  'seq-remove': 'dolist with push, then reverse',
  'cl-delete-if': 'dolist with push, then reverse',
  delq: 'dolist with push, then reverse',
  delete: 'dolist with push, then reverse',
  remove: 'dolist with push, then reverse',
  'seq-reduce': 'dolist with setq',
  'cl-reduce': 'dolist with setq',
  'seq-find': 'dolist, or member / assoc',
  'cl-find': 'member',
  'cl-find-if': 'dolist with a flag variable',
  'seq-contains-p': 'member',
  'cl-member': 'member',
  'seq-some': 'dolist with a flag variable',
  'cl-some': 'dolist with a flag variable',
  'seq-every-p': 'dolist with a flag variable',
  'cl-every': 'dolist with a flag variable',
  'seq-uniq': 'dolist with member and push',
  'cl-remove-duplicates': 'dolist with member and push',
  'delete-dups': 'dolist with member and push',
  'seq-count': 'dolist with setq',
  'cl-count': 'dolist with setq',
  'seq-sort': 'sort',
  'cl-sort': 'sort',
  'seq-empty-p': 'null',
  'hash-table-count': 'length over a list',
  'make-hash-table': 'an alist or a keyword plist',
  gethash: 'assoc or plist-get',
  puthash: 'push onto an alist',
  'plist-put': 'append with (list KEY VALUE)',
  vconcat: 'a vector literal or append',
  vector: 'list (vector literals are data)',
  eval: 'nothing: a script is never evaluated as Emacs Lisp',
  macroexpand: 'nothing: macro expansion is not guest-visible',
  'macroexpand-all': 'nothing: macro expansion is not guest-visible',
  macrolet: 'a top-level defmacro',
  'cl-macrolet': 'a top-level defmacro',
  intern: "a quoted symbol 'name",
  'symbol-name': 'format "%s"',
  'prin1-to-string': 'format "%S"',
};

/**
 * Edit distance of `a` and `b` counting a swap of two neighbours as one edit (`lenght`), or
 * `cap + 1` once it surely exceeds `cap`.
 */
function distance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] as number) + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > cap) return cap + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/** A tool name starts with a capital letter (`Read`, `mcp/Probe` after its category). */
export function looksLikeTool(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return /^[A-Z]/.test(base);
}

/** What kind of name is being suggested for: an operator (tools apart) or a keyword argument. */
export type SuggestOptions = { kind?: 'operator' | 'keyword' };

/**
 * Suggests a known name, or the dialect's idiom, for an unknown `name`: an idiom from the table;
 * the name without a `cl-` or `seq-` prefix when that is known; else the nearest known name of
 * the same kind (a capitalized tool name is compared with tools only, other names with the
 * rest) within an edit distance of about a third of its length.
 */
export function suggest(
  name: string,
  known: Iterable<string>,
  { kind = 'operator' }: SuggestOptions = {},
): string | undefined {
  const candidates = [...known];
  if (kind === 'operator') {
    if (Object.hasOwn(idioms, name)) return idioms[name];
    const bare = /^(?:cl|seq)-(.+)$/.exec(name)?.[1];
    if (bare !== undefined && candidates.includes(bare)) return bare;
  }
  const tool = kind === 'operator' && looksLikeTool(name);
  const lower = name.toLowerCase();
  // A name equal but for case (`read` for the tool Read) is the likeliest intent.
  const folded = candidates.filter((c) => c !== name && c.toLowerCase() === lower);
  if (folded.length === 1) return folded[0];
  if (kind === 'keyword') {
    // `:path` for `:file_path`: the name is one word of exactly one argument's name.
    const containing = candidates.filter((c) => c.toLowerCase().split(/[-_]/).includes(lower));
    if (containing.length === 1) return containing[0];
  }
  // A name of one or two characters is too short for a typo to be told from another name.
  if (name.length < 3) return undefined;
  const cap = Math.max(1, Math.min(3, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = cap + 1;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    if (kind === 'operator' && looksLikeTool(candidate) !== tool) continue;
    if (candidate.length < 3) continue;
    const d = distance(name, candidate, cap);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Whether a suggestion is a known name (`did you mean …?`) rather than an idiom (`try: …`). */
export function isNameSuggestion(suggestion: string, known: Iterable<string>): boolean {
  for (const name of known) if (name === suggestion) return true;
  return false;
}
