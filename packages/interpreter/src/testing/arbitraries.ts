import fc from 'fast-check';
import { Cons, intern, LFloat, NIL, type Value } from '../values.js';

const symbolChars = fc.constantFrom(...'abcxyz-+*/<=>_:!?.\\#;,\'"()[]` 019é{}'.split(''));

/** Readable guest symbols, including names that need escapes or look like numbers. */
export const symbolArbitrary: fc.Arbitrary<Value> = fc
  .string({ unit: symbolChars, maxLength: 6 })
  .map((name) => intern(name));

/** Readable guest atoms: integers (small and big), floats, strings, symbols and keywords. */
export const atomArbitrary: fc.Arbitrary<Value> = fc.oneof(
  fc.integer().map((n) => n as Value),
  fc
    .bigInt({ min: -(2n ** 200n), max: 2n ** 200n })
    .map((n) => (n >= -9007199254740991n && n <= 9007199254740991n ? Number(n) : n)),
  fc.double().map((x) => new LFloat(x)),
  fc.string({ unit: 'binary', maxLength: 12 }),
  symbolArbitrary,
  fc
    .string({ unit: fc.constantFrom(...'abc-_'.split('')), minLength: 1, maxLength: 5 })
    .map((n) => intern(`:${n}`)),
  fc.constant(NIL),
);

/** Readable guest values: atoms, proper lists and vectors, nested a few levels. */
export const valueArbitrary: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atomArbitrary,
    fc.array(tie('value'), { maxLength: 4 }).map((items) => {
      let list: Value = NIL;
      for (let i = items.length - 1; i >= 0; i--) list = new Cons(items[i] as Value, list);
      return list;
    }),
    fc.array(tie('value'), { maxLength: 4 }),
  ),
})).value;

const operators = [
  'car',
  'cdr',
  'cons',
  'list',
  'append',
  'length',
  'nth',
  'concat',
  'format',
  'substring',
  'split-string',
  '+',
  '-',
  '*',
  '/',
  '%',
  'mod',
  '<',
  '=',
  'equal',
  'if',
  'let',
  'let*',
  'progn',
  'while',
  'setq',
  'lambda',
  'funcall',
  'apply',
  'mapcar',
  'dolist',
  'dotimes',
  'when',
  'cond',
  'and',
  'or',
  'quote',
  'push',
  'string-match-p',
  'plist-get',
  'sort',
  'reverse',
  'number-to-string',
  'string-to-number',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'process',
  'globalThis',
  'eval',
  'require',
  'Function',
  'Read',
];

/** Random programs over the dialect's names, hostile host names and small data. */
export const programArbitrary: fc.Arbitrary<Value> = fc.letrec<{ form: Value }>((tie) => ({
  form: fc.oneof(
    { depthSize: 'small' },
    fc.integer({ min: -5, max: 40 }).map((n) => n as Value),
    fc.constantFrom<Value>('a', 'b c', '%s', '[0-9]+', '', 'x'),
    fc.constantFrom(
      ...['x', 'y', 'i', 'nil', 't', ':k', 'true', 'null', '__proto__', 'prototype'].map((n) =>
        intern(n),
      ),
    ),
    fc
      .tuple(fc.constantFrom(...operators), fc.array(tie('form'), { maxLength: 4 }))
      .map(([head, args]) => {
        let list: Value = NIL;
        for (let i = args.length - 1; i >= 0; i--) list = new Cons(args[i] as Value, list);
        return new Cons(intern(head), list);
      }),
  ),
})).form;

/** Wrappers of one hole (`X`) that nest: every kind of form the compiler and machine walk. */
export const nestingWrappers: ReadonlyArray<readonly [string, string]> = [
  ['(+ 1 ', ')'],
  ['(list ', ')'],
  ['(car (list ', '))'],
  ['(if t ', ' 0)'],
  ['(if nil 0 ', ')'],
  ['(progn ', ')'],
  ['(let ((a 1)) ', ')'],
  ['(let* ((a ', ')) a)'],
  ['(when t ', ')'],
  ['(unless nil ', ')'],
  ['(and t ', ')'],
  ['(or nil ', ')'],
  ['(cond (nil 0) (t ', '))'],
  ['(funcall (lambda () ', '))'],
  ['(funcall (lambda (x) x) ', ')'],
  ['(apply (quote list) (list ', '))'],
  ['(mapcar (lambda (x) ', ") '(1))"],
  ['(dolist (x (quote (1))) ', ')'],
  ['(dotimes (i 1) ', ')'],
  ['(let ((v 0)) (setq v ', '))'],
  ["'(", ')'],
  ['[', ']'],
  ['`(a ,', ')'],
  ['(Echo :value ', ')'],
  ['(format "%S" ', ')'],
  ['(equal 1 ', ')'],
];

/** A deep nest: a cycle of wrappers repeated to a depth, around a leaf. */
export const nestingArbitrary = fc.record({
  cycle: fc.array(fc.integer({ min: 0, max: nestingWrappers.length - 1 }), {
    minLength: 1,
    maxLength: 4,
  }),
  depth: fc.integer({ min: 1, max: 20_000 }),
  leaf: fc.constantFrom('1', '"s"', 'nil', '(Echo :value 2)', 'x'),
});

/** The source of a nest drawn by `nestingArbitrary`. */
export function nestingSource({
  cycle,
  depth,
  leaf,
}: {
  cycle: number[];
  depth: number;
  leaf: string;
}): string {
  const opens: string[] = [];
  const closes: string[] = [];
  for (let level = 0; level < depth; level++) {
    const [open, close] = nestingWrappers[cycle[level % cycle.length] as number] as [
      string,
      string,
    ];
    opens.push(open);
    closes.push(close);
  }
  return `${opens.join('')}${leaf}${closes.reverse().join('')}`;
}

/** Forms of one long flat list (`n` items) that some compilers turn into nested nodes. */
export const wideForms: ReadonlyArray<(n: number) => string> = [
  (n) => `(cond ${Array.from({ length: n }, (_, i) => `((= 0 ${i + 1}) ${i})`).join(' ')} (t 0))`,
  (n) => `(progn ${'1 '.repeat(n)})`,
  (n) => `(and ${'t '.repeat(n)})`,
  (n) => `(or ${'nil '.repeat(n)} 1)`,
  (n) => `(+ ${'1 '.repeat(n)})`,
  (n) => `(let* (${Array.from({ length: n }, (_, i) => `(v${i} ${i})`).join(' ')}) v0)`,
  (n) => `(let ((v 0)) (setq ${'v 1 '.repeat(n)}) v)`,
  (n) => `\`(${'a ,1 ,@(list 2) '.repeat(n)})`,
  (n) => `(length '(${'x '.repeat(n)}))`,
];

/** A wide form drawn from `wideForms`, by index and width. */
export const wideArbitrary = fc.record({
  form: fc.integer({ min: 0, max: wideForms.length - 1 }),
  width: fc.integer({ min: 1, max: 30_000 }),
});
