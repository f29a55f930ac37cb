import { describe, expect, it } from 'vitest';
import { bufferText } from './buffer-text.js';

describe('bufferText', () => {
  it.each([
    ['drops a leading byte-order mark', '\uFEFFa\nb\n', 'a\nb\n'],
    ['keeps a byte-order mark that does not lead', 'a\uFEFF\n', 'a\uFEFF\n'],
    ['turns DOS line ends into newlines', 'a\r\nb\r\n', 'a\nb\n'],
    ['reads a BOM and DOS line ends together', '\uFEFFa\r\nb', 'a\nb'],
    ['keeps a stray carriage return in a DOS file', 'a\r\nb\rc\r\n', 'a\nb\rc\n'],
    ['turns old Mac line ends into newlines', 'a\rb\r', 'a\nb\n'],
    ['leaves a Unix file with a carriage return alone', 'a\nb\r\nc\r\n', 'a\nb\r\nc\r\n'],
    ['decides by the first three line ends only', 'a\r\nb\r\nc\r\nd\ne\r\n', 'a\nb\nc\nd\ne\n'],
    ['treats a later bare line feed as a mix', 'a\r\nb\nc\r\n', 'a\r\nb\nc\r\n'],
    ['leaves text without carriage returns alone', 'a\tb\n', 'a\tb\n'],
  ])('%s', (_name, text, expected) => {
    expect(bufferText(text)).toBe(expected);
  });
});
