import { describe, expect, it } from 'vitest';
import { print, printValue } from './printer.js';
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
