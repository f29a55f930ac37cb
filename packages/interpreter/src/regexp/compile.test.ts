import { describe, expect, it } from 'vitest';
import { compileRegexp, GuestRegexp, regexpQuote } from './index.js';

function rejection(pattern: string, reason: string) {
  return { success: false, error: { message: `Invalid guest regexp "${pattern}": ${reason}` } };
}

describe('compileRegexp', () => {
  it.each([
    [
      'a\\|b',
      'Alternation \\| at offset 1 is not supported in guest regexps; use a bracket class such as [ab] for single characters, or try each alternative with its own string-match.',
    ],
    [
      '\\(?:ab\\)',
      'Group extension \\(?...\\) at offset 0 is not supported (shy and explicitly numbered groups are rejected); use a plain capture group \\(...\\) and ignore the groups you do not need.',
    ],
    [
      '\\(a\\)\\1',
      'Backreference \\1 at offset 5 is not supported; capture with \\(...\\) and compare the groups in Lisp.',
    ],
    [
      '\\(ab\\)*',
      'Quantified group at offset 6: * follows \\(...\\). Guest regexps allow * only on a single atom (one literal, escaped character, ., bracket class or class escape such as \\w); repeat the match in Lisp instead.',
    ],
    [
      'a+*',
      'Stacked quantifier at offset 2: * follows another quantifier. Use one quantifier per atom, for example a* rather than a*+ or a\\{2\\}*.',
    ],
    [
      'a*b*c*d*e*f*g*h*i*',
      'More than 8 quantified atoms (the 9th, *, is at offset 17). Split the match into several smaller regexps or do part of the work with string functions.',
    ],
    [
      '\\ca',
      'Category escape \\c at offset 0 is not supported; use a bracket class such as [[:alpha:]] or [[:nonascii:]].',
    ],
    ['\\=', '\\= at offset 0 (match at point) has no meaning for strings and is not supported.'],
    [
      '\\n',
      'Unsupported escape \\n at offset 0. In Emacs regexps \\n is just "n"; put the real newline character in the string instead ("\\n" in Lisp source).',
    ],
    [
      'a\\<*',
      'Quantifier * at offset 3 follows an assertion, which matches no text and cannot be repeated; remove the quantifier, or escape it for a literal character.',
    ],
    [
      '[z-a]',
      'Reversed range z-a in bracket class at offset 0; write the lower character first, or put - last for a literal -.',
    ],
    [
      '[:alpha:]',
      '[:alpha:] at offset 0 is a bracket of the characters in ":alpha:"; write [[:alpha:]] for the character class.',
    ],
    [
      '\\{1\\}a',
      'Interval \\{...\\} at offset 0 has no atom before it; write { for a literal brace.',
    ],
    [
      'a\\{70000\\}',
      'Invalid interval \\{70000\\} at offset 1; write \\{n\\}, \\{n,\\}, \\{,m\\} or \\{n,m\\} with n <= m <= 65535.',
    ],
    ['a\\)', 'Unmatched \\) at offset 1; remove it, or write ) for a literal parenthesis.'],
    ['\\(a', 'Unmatched \\( (group 1); close it with \\), or write ( for a literal parenthesis.'],
    [
      '[a',
      'Unmatched [ at offset 0: close the bracket class with ], or write \\[ for a literal [.',
    ],
    [
      '[[:foo:]]',
      'Unknown character class [:foo:] at offset 1; the classes are alpha, alnum, digit, xdigit, upper, lower, space, word, punct, blank, cntrl, print, graph, ascii, nonascii, multibyte, unibyte.',
    ],
    [
      '\\sz',
      'Unknown syntax class \\sz at offset 0; use \\s- (whitespace), \\sw (word), \\s_ (symbol), \\s. (punctuation), \\s( \\s) \\s" \\s\\ \\s\' \\s< \\s> \\s$ \\s/ \\s| or \\s!.',
    ],
    ['\\', 'Trailing backslash at offset 0; write \\\\ for a literal backslash.'],
    [
      'x\\{6000\\}y\\{6000\\}',
      'Interval counts at offset 10 add up to more than 10000 repetitions; use smaller counts or check the length with string functions.',
    ],
  ])('rejects %j with a message naming the fix', (pattern, reason) => {
    expect(compileRegexp(pattern)).toEqual(rejection(pattern, reason));
  });

  it('shortens a long pattern in the message', () => {
    const pattern = `${'x'.repeat(70)}\\|`;
    expect(compileRegexp(pattern)).toEqual({
      success: false,
      error: {
        message: `Invalid guest regexp "${'x'.repeat(57)}...": Alternation \\| at offset 70 is not supported in guest regexps; use a bracket class such as [ab] for single characters, or try each alternative with its own string-match.`,
      },
    });
  });

  it('rejects a pattern whose thread state would need megabytes', () => {
    const pattern = '\\(a\\)'.repeat(1100);
    expect(compileRegexp(pattern)).toEqual(
      rejection(
        `${pattern.slice(0, 57)}...`,
        'The pattern is too large for the matcher (1100 character positions × 1100 capture groups); use fewer capture groups or a shorter pattern.',
      ),
    );
  });

  it('refuses a pattern longer than Emacs could compile', () => {
    const pattern = 'a'.repeat(65536);
    expect(compileRegexp(pattern)).toEqual(
      rejection(
        `${'a'.repeat(57)}...`,
        'Regular expression too big (65536 characters; at most 65535). Use string-search for long literal text, or a shorter pattern.',
      ),
    );
  });

  it('compiles and runs a long literal pattern', () => {
    const text = 'ab'.repeat(30000);
    const compiled = compileRegexp(text);
    expect(compiled.success && compiled.value.exec(`x${text}`)).toEqual({
      start: 1,
      end: 60001,
      groups: [[1, 60001]],
    });
  });

  it('throws a TypeError naming the option when caseFold is not a boolean', () => {
    expect(() => compileRegexp('a', { caseFold: 'yes' as unknown as boolean })).toThrow(
      new TypeError('compileRegexp: options.caseFold must be a boolean, received string'),
    );
  });

  it('caches case-folded and exact compilations separately', () => {
    const exact = compileRegexp('abc');
    const folded = compileRegexp('abc', { caseFold: true });
    expect(exact.success && exact.value.exec('ABC')).toBeNull();
    expect(folded.success && folded.value.exec('ABC')).toEqual({
      start: 0,
      end: 3,
      groups: [[0, 3]],
    });
  });

  it('returns the cached result when the same pattern compiles twice', () => {
    expect(compileRegexp('ca[ch]e')).toBe(compileRegexp('ca[ch]e'));
  });

  it('counts quantified atoms, including intervals and non-greedy forms', () => {
    const compiled = compileRegexp('^[ \\t]*\\([0-9]+\\)x\\{2\\}.*?$');
    expect(compiled.success && compiled.value.quantifiedAtoms).toBe(4);
  });

  it('throws a TypeError naming the argument when the pattern is not a string', () => {
    expect(() => compileRegexp(42 as unknown as string)).toThrow(
      new TypeError('compileRegexp: pattern must be a string, received number'),
    );
  });
});

describe('CompiledRegexp.estimateWork', () => {
  it('grows linearly with one quantified atom and polynomially with more', () => {
    const one = compileRegexp('a*');
    const three = compileRegexp('a*b*c*');
    if (!one.success || !three.success) throw new Error('expected both to compile');
    expect(one.value.estimateWork(999) / one.value.estimateWork(99)).toBe(10);
    expect(three.value.estimateWork(999) / three.value.estimateWork(99)).toBeCloseTo(1000);
  });

  it('is the input size raised to the quantified atoms times the pattern length plus one', () => {
    const compiled = compileRegexp('^\\([a-z]+\\)=\\([0-9]+\\)$');
    if (!compiled.success) throw new Error(compiled.error.message);
    expect(compiled.value.estimateWork(1000)).toBe(1001 ** 2 * 24);
  });

  it('bounds the work the matcher actually does', () => {
    const compiled = compileRegexp('\\(a*\\)\\(a*\\)b');
    if (!compiled.success || !(compiled.value instanceof GuestRegexp)) throw new Error('expected');
    const input = 'a'.repeat(200);
    expect(compiled.value.execWithWork(input).work).toBeLessThanOrEqual(
      compiled.value.estimateWork(input.length),
    );
  });
});

describe('GuestRegexp.canMatchEmpty', () => {
  it.each([
    ['', true],
    ['x*', true],
    ['\\b', true],
    ['^$', true],
    ['x+', false],
    ['\\(a\\)b*', false],
    ['[[:space:]]+', false],
  ])('says %j can match empty: %s', (pattern, expected) => {
    const compiled = compileRegexp(pattern);
    if (!compiled.success || !(compiled.value instanceof GuestRegexp)) throw new Error(pattern);
    expect(compiled.value.canMatchEmpty).toBe(expected);
  });
});

describe('CompiledRegexp.exec', () => {
  it('returns the whole match and every group in UTF-16 offsets', () => {
    const compiled = compileRegexp('\\(é+\\)\\(😀\\)');
    expect(compiled.success && compiled.value.exec('xéé😀!')).toEqual({
      start: 1,
      end: 5,
      groups: [
        [1, 5],
        [1, 3],
        [3, 5],
      ],
    });
  });

  it('finds a match after skipping positions where a path failed an assertion', () => {
    // At 1 the optional `a` is taken and `\\<` fails at 2; the search then skips to 3, where
    // that same assertion holds (after `_`, which is not a word character).
    const compiled = compileRegexp('a?\\<a');
    if (!compiled.success) throw new Error(compiled.error.message);
    expect(compiled.value.exec('aa_a', 1)).toEqual({ start: 3, end: 4, groups: [[3, 4]] });
    expect(compiled.value.exec('ab_a-a', 1)).toEqual({ start: 3, end: 4, groups: [[3, 4]] });
  });

  it('returns null when nothing matches at or after start', () => {
    const compiled = compileRegexp('a');
    expect(compiled.success && compiled.value.exec('ab', 1)).toBeNull();
  });

  it('throws a TypeError when start is outside the input', () => {
    const compiled = compileRegexp('a');
    if (!compiled.success) throw new Error('expected to compile');
    expect(() => compiled.value.exec('ab', 3)).toThrow(
      new TypeError('exec: start must be an integer from 0 to input.length (2), received 3'),
    );
  });

  it('stays fast on the classic catastrophic-backtracking input', () => {
    const compiled = compileRegexp('a*a*a*a*a*a*a*a*b');
    if (!compiled.success || !(compiled.value instanceof GuestRegexp)) throw new Error('expected');
    const run = compiled.value.execWithWork('a'.repeat(2000));
    expect(run.match).toBeNull();
    expect(run.work).toBeLessThan(2001 * compiled.value.programSize * 10);
  });
});

describe('known differences from Emacs', () => {
  // Emacs 28 returns nil for each: its loop optimizer makes the first loop possessive on an
  // unsound exclusivity check. This matcher keeps the backtracking semantics Emacs documents.
  it.each([
    ['[[:alpha:]]*[[:nonascii:]]', 'aé', false, [0, 2]],
    ['\\w+\\>中', 'ab中', false, [0, 3]],
    ['[[:upper:]]*ß', 'ẞ', true, [0, 1]],
  ] as const)('finds %j in %j (caseFold %s)', (pattern, input, caseFold, span) => {
    const compiled = compileRegexp(pattern, { caseFold });
    if (!compiled.success) throw new Error(compiled.error.message);
    const match = compiled.value.exec(input);
    expect(match && [match.start, match.end]).toEqual(span);
  });
});

describe('regexpQuote', () => {
  // Expected strings printed by Emacs 28.2's (regexp-quote s).
  it.each([
    ['a.b', 'a\\.b'],
    ['[x]*+?^$\\', '\\[x]\\*\\+\\?\\^\\$\\\\'],
    ['(foo|bar){2}', '(foo|bar){2}'],
    ['', ''],
    ['^start', '\\^start'],
    ['end$', 'end\\$'],
    ['é😀.', 'é😀\\.'],
  ])('quotes %j as Emacs does', (text, quoted) => {
    expect(regexpQuote(text)).toBe(quoted);
  });
});
