const surrogates = /[\uD800-\uDFFF]/;

/** Emacs counts characters; JS strings count UTF-16 units. These convert when the text needs it. */
export function charLength(text: string): number {
  if (!surrogates.test(text)) return text.length;
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The UTF-16 offset of character index `index` in `text`. */
export function unitOffset(text: string, index: number): number {
  if (!surrogates.test(text)) return index;
  let unit = 0;
  for (let i = 0; i < index && unit < text.length; i++)
    unit += (text.codePointAt(unit) as number) > 0xffff ? 2 : 1;
  return unit;
}

/** The character index of UTF-16 offset `unit` in `text`. */
export function charIndex(text: string, unit: number): number {
  if (!surrogates.test(text)) return unit;
  return charLength(text.slice(0, unit));
}
