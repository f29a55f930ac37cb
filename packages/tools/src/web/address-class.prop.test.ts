import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { classifyAddress } from './address-class.js';
import { canonicalHost } from './private-address.js';

// One IPv4 address, many spellings: whatever URL parsing makes of a spelling, the judgement
// (refused or not, and the kind) is the dotted address's own.
const octet = fc.integer({ min: 0, max: 255 });
// Biased toward the ranges that are refused, so both outcomes are common.
const address = fc.oneof(
  fc.tuple(octet, octet, octet, octet),
  fc.tuple(
    fc.constantFrom(0, 10, 100, 127, 169, 172, 192, 198, 224, 240, 255),
    octet,
    octet,
    octet,
  ),
);

function spellings([a, b, c, d]: [number, number, number, number]): string[] {
  const value = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
  const hex = (n: number) => n.toString(16);
  const high = hex((a << 8) | b);
  const low = hex((c << 8) | d);
  return [
    `${a}.${b}.${c}.${d}`,
    String(value),
    `0x${hex(value)}`,
    [a, b, c, d].map((n) => `0${n.toString(8)}`).join('.'),
    [a, b, c, d].map((n) => `0x${hex(n)}`).join('.'),
    `${a}.${(b << 16) + (c << 8) + d}`,
    `${a}.${b}.${(c << 8) + d}`,
    `${a}.${b}.${c}.${d}.`,
    `user@${a}.${b}.${c}.${d}`,
    `[::ffff:${a}.${b}.${c}.${d}]`,
    `[::ffff:${high}:${low}]`,
    `[0:0:0:0:0:ffff:${high}:${low}]`,
    `[64:ff9b::${high}:${low}]`,
  ];
}

const judgement = (host: string) => {
  const found = classifyAddress(host);
  return found === undefined ? 'public' : found.kind;
};

describe('classifyAddress', () => {
  test.prop([address])('judges every spelling of an IPv4 address alike', (octets) => {
    const dotted = judgement(octets.join('.'));
    const judged = spellings(octets).map((spelling) =>
      judgement(canonicalHost(new URL(`http://${spelling}/`).hostname)),
    );
    expect(judged).toEqual(judged.map(() => dotted));
  });
});
