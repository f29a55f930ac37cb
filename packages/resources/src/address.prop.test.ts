import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { formatAddress } from './format-address.js';
import { canonicalizeAddress, parseAddress } from './parse-address.js';
import { addressArbitrary, respell } from './testing/arbitraries.js';

describe('address round trip', () => {
  test.prop([addressArbitrary], { numRuns: 2000 })('parse(format(a)) equals a', (address) => {
    expect(parseAddress(formatAddress(address))).toEqual({ success: true, value: address });
  });

  test.prop([addressArbitrary])(
    'format output is canonical: only unreserved bytes, escapes and delimiters',
    (address) => {
      const text = formatAddress(address);
      expect(text).toMatch(/^[a-z]+:\/\/(?:[A-Za-z0-9._~\-/@#]|%[0-9A-F]{2})*$/);
      expect(canonicalizeAddress(text)).toEqual({ success: true, value: text });
    },
  );

  test.prop([addressArbitrary, fc.array(fc.nat(), { minLength: 1, maxLength: 20 })])(
    'canonicalizing a respelled address restores the canonical form and is idempotent',
    (address, choices) => {
      const canonical = formatAddress(address);
      const once = canonicalizeAddress(respell(canonical, choices));
      const twice = once.success ? canonicalizeAddress(once.value) : once;
      expect([once, twice]).toEqual([
        { success: true, value: canonical },
        { success: true, value: canonical },
      ]);
    },
  );

  test.prop([
    fc.constantFrom('work', 'toolcall', 'mcp', 'agent', 'memory'),
    fc.string({ unit: 'binary', maxLength: 24 }),
  ])('whatever canonicalizes, canonicalizes to itself and parses strictly', (scheme, rest) => {
    const once = canonicalizeAddress(`${scheme}://${rest}`);
    if (!once.success) return;
    expect([canonicalizeAddress(once.value), parseAddress(once.value).success]).toEqual([
      once,
      true,
    ]);
  });
});
