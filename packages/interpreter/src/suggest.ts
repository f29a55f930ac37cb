const aliases: Record<string, string> = {
  'seq-take': 'take',
  'cl-subseq': 'substring',
  nreverse: 'reverse',
  'seq-reverse': 'reverse',
  mapc: 'dolist',
  'seq-map': 'mapcar',
  'seq-do': 'dolist',
  'cl-loop': 'dolist or dotimes',
  'number-sequence': 'dotimes',
  mapconcat: 'string-join over mapcar',
  'string=': 'equal',
  'string-equal': 'equal',
  '1+': '(+ x 1)',
  '1-': '(- x 1)',
  nconc: 'append',
  setf: 'setq',
  defvar: 'let',
  defconst: 'let',
  'alist-get': 'assoc or assq',
  'string-match': 'string-match-p',
  'seq-length': 'length',
  'seq-elt': 'nth',
  elt: 'nth',
  'string-empty-p': 'equal with ""',
  'json-encode': 'a keyword plist',
  message: 'format',
  error: '(list :error "message")',
  'cl-incf': '(setq x (+ x 1))',
  'seq-filter': 'dolist with push',
  'string-to-list': 'append',
};

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] as number;
}

/** Suggests a known name (or idiom) close to an unknown operator, if any. */
export function suggest(name: string, known: Iterable<string>): string | undefined {
  if (Object.hasOwn(aliases, name)) return aliases[name];
  let best: string | undefined;
  let bestDistance = name.length <= 3 ? 1 : 2;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d > 0 && d <= bestDistance && (best === undefined || d < bestDistance)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
