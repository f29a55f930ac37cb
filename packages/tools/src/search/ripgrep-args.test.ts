import { describe, expect, it } from 'vitest';
import { lineWatcher } from './ripgrep-args.js';

describe('lineWatcher', () => {
  it('counts complete lines that qualify, across chunk and character boundaries', () => {
    const enough = lineWatcher((line) => line.endsWith('.md'), 2);
    const text = Buffer.from('a.ts\nné.md\nb.ts\nc.md\n');
    const cut = text.indexOf('é') + 1;
    expect(enough(text.subarray(0, cut))).toBe(false);
    expect(enough(text.subarray(cut, text.indexOf('c.md') + 2))).toBe(false);
    expect(enough(text.subarray(text.indexOf('c.md') + 2))).toBe(true);
  });

  it('ignores a line until its newline arrives', () => {
    const enough = lineWatcher(() => true, 1);
    expect(enough(Buffer.from('partial'))).toBe(false);
    expect(enough(Buffer.from('\n'))).toBe(true);
  });
});
