import { describe, expect, it } from 'vitest';
import { CANONICAL_ORIGIN, CANONICAL_WORKSPACE, canonicalText } from '../src/measure/normalize.js';
import { CLAUDE, O200K } from '../src/measure/tokenizers.js';

describe('tokenizers', () => {
  it('count known strings with o200k_base', () => {
    expect(O200K.count('')).toBe(0);
    expect(O200K.count('hello world')).toBe(2);
    expect(O200K.count('The quick brown fox jumps over the lazy dog.')).toBe(10);
  });

  it('count known strings with the published Claude tokenizer', () => {
    expect(CLAUDE.count('hello world')).toBe(2);
    expect(CLAUDE.count('The quick brown fox jumps over the lazy dog.')).toBe(10);
    expect(CLAUDE.count('(Grep :pattern "TODO")')).toBe(8);
  });

  it('counts special-token text as plain text instead of throwing', () => {
    expect(O200K.count('<|endoftext|>')).toBeGreaterThan(0);
  });
});

describe('canonicalText', () => {
  it('spells the workspace and the origin the same for every run', () => {
    expect(
      canonicalText('/tmp/a1/acme/x.ts http://127.0.0.1:4321/about.html', {
        workspace: '/tmp/a1/acme',
        origin: 'http://127.0.0.1:4321',
      }),
    ).toBe(`${CANONICAL_WORKSPACE}/x.ts ${CANONICAL_ORIGIN}/about.html`);
  });
});
