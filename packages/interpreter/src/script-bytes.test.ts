import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { evaluate } from './index.js';
import { utf8Length } from './utf8.js';

describe('the script-bytes budget', () => {
  it('counts UTF-8 bytes, so a script at the limit runs and one byte more is refused', async () => {
    // "é" is 2 bytes, "€" 3 and "😀" 4: the string literal below is 2 + 9 bytes of text.
    const script = '"é€😀"';
    expect(new TextEncoder().encode(script).length).toBe(11);
    const at = await evaluate(script, { limits: { scriptBytes: 11 } });
    expect(at).toMatchObject({ success: true, printed: '"é€😀"' });
    const over = await evaluate(script, { limits: { scriptBytes: 10 } });
    expect(over).toMatchObject({
      success: false,
      error: {
        kind: 'budget',
        budget: 'script-bytes',
        message: 'script-bytes budget exceeded: limit 10 bytes, the script has 11',
      },
    });
  });

  it('counts a lone surrogate as the 3 bytes of its replacement character', () => {
    expect(utf8Length('\ud800')).toBe(3);
    expect(utf8Length('a\udc00b')).toBe(5);
    expect(utf8Length('\ud83d\ude00')).toBe(4);
  });

  // Up to 16 characters the loop counts; longer strings go to Node's own count: both paths.
  test.prop([fc.string({ unit: 'binary', maxLength: 300 })], { numRuns: 500 })(
    'utf8Length agrees with TextEncoder on any string',
    (text) => {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    },
  );

  it('counts long strings natively as the loop counts short ones, lone surrogates included', () => {
    for (const unit of ['a', 'é', '€', '😀', '\ud800', '\udc00', 'a\ud800b']) {
      const short = unit;
      const long = unit.repeat(40);
      expect([utf8Length(short) * 40, utf8Length(long)]).toEqual([
        new TextEncoder().encode(long).length,
        new TextEncoder().encode(long).length,
      ]);
    }
  });
});
