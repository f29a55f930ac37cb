import { describe, expect, it } from 'vitest';
import { print, printString, printsWithin, printValue } from './printer.js';
import { read } from './reader.js';
import { Cons, intern, LFloat, list, NIL } from './values.js';

describe('print', () => {
  it('escapes a number-like symbol once when its first character is already escaped (seed 595210180)', () => {
    const value = list([list([intern('.0')])]);
    const text = print(value);
    const back = read(text);
    expect({ text, same: back.success && print(back.value.forms[0] as never) === text }).toEqual({
      text: '((\\.0))',
      same: true,
    });
  });

  it('prints floats, strings, vectors and dotted tails as prin1 does', () => {
    expect(
      print(list([new LFloat(1), new LFloat(1e20), 'a"b', [1, intern('x')], new Cons(1, 2)])),
    ).toBe('(1.0 1e+20 "a\\"b" [1 x] (1 . 2))');
  });

  it('prints the empty symbol as ## and nil as nil', () => {
    expect([print(intern('')), print(NIL)]).toEqual(['##', 'nil']);
  });

  it('refuses to print past its limit with a value-size budget error', () => {
    expect(() => printValue('x'.repeat(100), true, 50)).toThrow(/value-size budget exceeded/);
  });
});

describe('printString on long strings', () => {
  it('escapes a string longer than one piece as one replacement would', () => {
    const text = 'a"b\\'.repeat(50_000);
    expect(printString(text)).toBe(`"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`);
  });

  it('stops at the value-size limit before escaping a string that cannot fit', () => {
    // Regression: a nest of (format "%S" …) with value-size raised to 1e8 escaped a string of
    // tens of millions of quotes whole, and V8 aborted the process.
    const text = '"'.repeat(3_000_000);
    expect(() => printValue(text, true, 1_000_000)).toThrow(/value-size budget exceeded/);
    expect(printsWithin(text, 1_000)).toBe(false);
  });
});
