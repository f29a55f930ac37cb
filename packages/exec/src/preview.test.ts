import { describe, expect, it } from 'vitest';
import { previewText } from './preview.js';

describe('previewText', () => {
  it('returns the text unchanged when it fits the limit', () => {
    expect(previewText('short\n', 10)).toEqual({
      text: 'short\n',
      omittedChars: 0,
      head: 'short\n',
      tail: '',
    });
  });

  it('returns equal newline-snapped head and tail with the omitted count when it is long', () => {
    const lines = Array.from({ length: 40 }, (_, index) => `line ${index}`).join('\n');
    const preview = previewText(lines, 40);
    expect(preview).toEqual({
      text: 'line 0\nline 1\n[… 280 characters omitted …]\nline 38\nline 39',
      omittedChars: 280,
      head: 'line 0\nline 1\n',
      tail: 'line 38\nline 39',
    });
  });

  it('cuts mid-line when no newline is near the boundary', () => {
    expect(previewText('a'.repeat(30), 10)).toEqual({
      text: 'aaaaa\n[… 20 characters omitted …]\naaaaa',
      omittedChars: 20,
      head: 'aaaaa',
      tail: 'aaaaa',
    });
  });
});
