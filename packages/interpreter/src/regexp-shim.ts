// Temporary stand-in for ./regexp/index.js (the bounded Emacs-regexp engine), translating the
// dialect's regexp subset to a JS RegExp. It keeps the same interface and the same rejections,
// so switching the import to the real engine changes no caller.

/** A match: the span and every capture group (group 0 is the whole match). */
export type RegexpMatch = {
  start: number;
  end: number;
  groups: Array<[number, number] | undefined>;
};

/** A compiled guest regexp. */
export interface CompiledRegexp {
  readonly source: string;
  readonly quantifiedAtoms: number;
  estimateWork(inputLength: number): number;
  exec(input: string, start?: number): RegexpMatch | null;
}

/** The result of compiling a guest regexp. */
export type RegexpCompileResult =
  | { success: true; value: CompiledRegexp }
  | { success: false; error: { message: string } };

const WORD = '\\p{L}\\p{N}';
const classes: Record<string, string> = {
  alpha: '\\p{L}',
  alnum: '\\p{L}\\p{N}',
  digit: '0-9',
  xdigit: '0-9a-fA-F',
  space: ' \\t\\n\\r\\f\\v',
  upper: '\\p{Lu}',
  lower: '\\p{Ll}',
  punct: '!-\\/:-@\\[-`{-~',
  blank: ' \\t',
  word: WORD,
  cntrl: '\\x00-\\x1f',
  print: ' -~\\u00a0-\\u{10ffff}',
  graph: '!-~\\u00a1-\\u{10ffff}',
  ascii: '\\x00-\\x7f',
  nonascii: '\\u0080-\\u{10ffff}',
  multibyte: '\\u0080-\\u{10ffff}',
  unibyte: '\\x00-\\x7f',
};
const syntaxes: Record<string, string> = {
  '-': '[ \\t\\n\\r\\f]',
  ' ': '[ \\t\\n\\r\\f]',
  w: `[${WORD}]`,
  _: '[_$&*+\\-<>/!?=%^~|]',
  '.': '[.,;:!?]',
  '(': '[(\\[{]',
  ')': '[)\\]}]',
  '"': '["]',
};
const cache = new Map<string, RegexpCompileResult>();

function fail(message: string): RegexpCompileResult {
  return { success: false, error: { message } };
}

function escapeJs(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch;
}

function escapeClass(ch: string): string {
  return /[\\\]^[-]/.test(ch) ? `\\${ch}` : ch;
}

function bracket(pattern: string, at: number): [string, number] | string {
  let i = at + 1;
  let negate = false;
  if (pattern[i] === '^') {
    negate = true;
    i++;
  }
  let body = '';
  let first = true;
  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (c === ']' && !first) return [`[${negate ? '^' : ''}${body}${negate ? '\\n' : ''}]`, i + 1];
    first = false;
    if (c === '[' && pattern[i + 1] === ':') {
      const end = pattern.indexOf(':]', i + 2);
      const name = end < 0 ? '' : pattern.slice(i + 2, end);
      if (!Object.hasOwn(classes, name)) return `unknown character class [:${name}:]`;
      body += classes[name];
      i = end + 2;
      continue;
    }
    if (pattern[i + 1] === '-' && pattern[i + 2] !== undefined && pattern[i + 2] !== ']') {
      body += `${escapeClass(c)}-${escapeClass(pattern[i + 2] as string)}`;
      i += 3;
      continue;
    }
    body += escapeClass(c);
    i++;
  }
  return 'unmatched [ in regexp';
}

function translate(pattern: string): RegexpCompileResult {
  let out = '';
  let atoms = 0;
  let groups = 0;
  // lastAtom: 'atom' when a quantifier may follow, 'group' after a closed group, 'quantified', or 'none'.
  let last: 'atom' | 'group' | 'quantified' | 'none' = 'none';
  let i = 0;
  const open: number[] = [];
  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (c === '*' || c === '+' || c === '?' || (c === '\\' && pattern[i + 1] === '{')) {
      if (last === 'none') {
        out += escapeJs(c);
        i++;
        last = 'atom';
        continue;
      }
      if (last === 'group') return fail('a quantified group is not allowed in guest regexps');
      if (last === 'quantified')
        return fail('a quantifier stacked on another quantifier is not allowed in guest regexps');
      if (c === '\\') {
        const end = pattern.indexOf('\\}', i);
        const spec = end < 0 ? '' : pattern.slice(i + 2, end);
        if (!/^\d*(,\d*)?$/.test(spec)) return fail('malformed \\{…\\} interval');
        const [lo, hi] = spec.split(',');
        out += `{${lo || 0}${spec.includes(',') ? `,${hi ?? ''}` : ''}}`;
        i = end + 2;
      } else {
        out += c;
        i++;
      }
      atoms++;
      last = 'quantified';
      continue;
    }
    if (c === '[') {
      const result = bracket(pattern, i);
      if (typeof result === 'string') return fail(result);
      out += result[0];
      i = result[1];
      last = 'atom';
      continue;
    }
    if (c === '.') {
      out += '[^\\n]';
      i++;
      last = 'atom';
      continue;
    }
    if (c === '^' && (i === 0 || pattern.slice(i - 2, i) === '\\(')) {
      out += '(?<![^\\n])';
      i++;
      last = 'none';
      continue;
    }
    if (c === '$' && (i === pattern.length - 1 || pattern.slice(i + 1, i + 3) === '\\)')) {
      out += '(?![^\\n])';
      i++;
      last = 'none';
      continue;
    }
    if (c !== '\\') {
      out += escapeJs(c);
      i++;
      last = 'atom';
      continue;
    }
    const e = pattern[i + 1];
    if (e === undefined) return fail('trailing backslash in regexp');
    i += 2;
    if (e === '(') {
      if (pattern[i] === '?')
        return fail('group extensions \\(?…\\) are not allowed in guest regexps');
      groups++;
      open.push(groups);
      out += '(';
      last = 'none';
    } else if (e === ')') {
      if (open.pop() === undefined) return fail('unmatched \\) in regexp');
      out += ')';
      last = 'group';
    } else if (e === '|') return fail('alternation \\| is not allowed in guest regexps');
    else if (/[1-9]/.test(e)) return fail('backreferences are not allowed in guest regexps');
    else if (e === 'w' || e === 'W') {
      out += e === 'w' ? `[${WORD}]` : `[^${WORD}]`;
      last = 'atom';
    } else if (e === 's' || e === 'S') {
      const kind = pattern[i++] ?? '';
      const set = syntaxes[kind];
      if (set === undefined) return fail(`unsupported syntax class \\${e}${kind}`);
      out += e === 's' ? set : `[^${set.slice(1)}`;
      last = 'atom';
    } else if (e === 'b' || e === 'B') {
      const boundary = `(?:(?<=[${WORD}])(?![${WORD}])|(?<![${WORD}])(?=[${WORD}]))`;
      out += e === 'b' ? boundary : `(?!${boundary})`;
      last = 'none';
    } else if (e === '<' || e === '>') {
      out += e === '<' ? `(?<![${WORD}])(?=[${WORD}])` : `(?<=[${WORD}])(?![${WORD}])`;
      last = 'none';
    } else if (e === '`' || e === "'") {
      out += e === '`' ? '^' : '$';
      last = 'none';
    } else if (e === '_' || e === '=' || e === 'c' || e === 'C')
      return fail(`\\${e} is not supported in guest regexps`);
    else {
      out += escapeJs(e);
      last = 'atom';
    }
  }
  if (open.length > 0) return fail('unmatched \\( in regexp');
  if (atoms > 8) return fail(`too many quantified atoms (${atoms}; at most 8) in a guest regexp`);
  let regex: RegExp;
  try {
    regex = new RegExp(out, 'gud');
  } catch (error) {
    return fail(`invalid regexp: ${(error as Error).message}`);
  }
  return { success: true, value: makeCompiled(pattern, atoms, groups, regex) };
}

function makeCompiled(
  source: string,
  quantifiedAtoms: number,
  groups: number,
  regex: RegExp,
): CompiledRegexp {
  return {
    source,
    quantifiedAtoms,
    estimateWork: (n) =>
      (Math.max(n, 1) + 1) ** Math.max(quantifiedAtoms, 1) * Math.max(source.length, 1),
    exec(input, start = 0) {
      regex.lastIndex = start;
      const match = regex.exec(input);
      if (match === null) return null;
      const spans: Array<[number, number] | undefined> = [
        [match.index, match.index + match[0].length],
      ];
      for (let g = 1; g <= groups; g++) spans.push(match.indices?.[g]);
      return { start: match.index, end: match.index + match[0].length, groups: spans };
    },
  };
}

/** Compiles a guest regexp, applying the dialect's subset rejections; results are cached. */
export function compileRegexp(pattern: string): RegexpCompileResult {
  let result = cache.get(pattern);
  if (result === undefined) {
    result = translate(pattern);
    if (cache.size > 500) cache.clear();
    cache.set(pattern, result);
  }
  return result;
}

/** Quotes `text` so that it matches literally, as Emacs `regexp-quote` does. */
export function regexpQuote(text: string): string {
  return text.replace(/[[*.\\?+^$]/g, (c) => `\\${c}`);
}
