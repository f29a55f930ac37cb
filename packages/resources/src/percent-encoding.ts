import type { AddressIssue } from './errors.js';

// Index by char code; 1 marks the RFC 3986 unreserved set A-Z a-z 0-9 - . _ ~.
const unreserved = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const char = String.fromCharCode(code);
  if (/[A-Za-z0-9._~-]/.test(char)) unreserved[code] = 1;
}

const simpleComponent = /^[A-Za-z0-9._~-]*$/;
const extraReserved = /[!'()*]/g;
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** Which decoded characters a component may contain. */
export type ComponentKind = 'path' | 'opaque' | 'pointer';

/** Why a component did not decode: the issue and a short human detail. */
export interface DecodeFailure {
  readonly issue: AddressIssue;
  readonly detail: string;
}

/** Whether `code` is an RFC 3986 unreserved character code. */
export function isUnreservedCode(code: number): boolean {
  return code < 128 && unreserved[code] === 1;
}

/** Percent-encodes `value` so that only unreserved bytes stay literal, with uppercase hex. */
export function encodeComponent(value: string): string {
  if (simpleComponent.test(value)) return value;
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    throw new TypeError(
      `Expected a well-formed Unicode string component, received ${JSON.stringify(value)}`,
    );
  }
  return encoded.replace(
    extraReserved,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

function failure(issue: AddressIssue, detail: string): DecodeFailure {
  return { issue, detail };
}

/**
 * Decodes one raw component exactly once. Strict mode accepts only the canonical
 * spelling; lenient mode (used to suggest the canonical form) accepts lowercase hex,
 * escaped unreserved bytes and literal characters that need escaping. Traversal,
 * separators, control characters and bad UTF-8 win over a mere spelling problem.
 */
export function decodeComponent(
  raw: string,
  strict: boolean,
  kind: ComponentKind,
): string | DecodeFailure {
  const length = raw.length;
  let index = 0;
  while (index < length && isUnreservedCode(raw.charCodeAt(index))) index++;
  if (index === length) {
    if (kind !== 'pointer' && (raw === '.' || raw === '..')) {
      return failure('traversal', `the component ${raw} is not allowed`);
    }
    return raw;
  }
  const fast = decodeCanonical(raw, index, kind);
  if (fast !== undefined) return fast;
  return decodeSlowly(raw, index, strict, kind);
}

// The common case: only unreserved bytes and canonical uppercase escapes of other
// bytes. The native decoder then does the UTF-8 work; anything else goes the slow way.
function decodeCanonical(raw: string, from: number, kind: ComponentKind): string | undefined {
  const length = raw.length;
  for (let index = from; index < length; index++) {
    const code = raw.charCodeAt(index);
    if (isUnreservedCode(code)) continue;
    if (code !== 37 || index + 2 >= length) return undefined;
    const high = raw.charCodeAt(index + 1);
    const low = raw.charCodeAt(index + 2);
    if (!isUpperHex(high) || !isUpperHex(low)) return undefined;
    const byte = hexValue(high) * 16 + hexValue(low);
    if (isUnreservedCode(byte) || byte < 0x20 || byte === 0x7f) return undefined;
    if (byte === 47 && kind !== 'opaque') return undefined;
    if (byte === 92 && kind === 'path') return undefined;
    index += 2;
  }
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function isUpperHex(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70);
}

function decodeSlowly(
  raw: string,
  from: number,
  strict: boolean,
  kind: ComponentKind,
): string | DecodeFailure {
  const length = raw.length;
  let index = from;
  let spelling: string | undefined;
  const bytes: number[] = [];
  for (let i = 0; i < index; i++) bytes.push(raw.charCodeAt(i));
  while (index < length) {
    const code = raw.charCodeAt(index);
    if (code === 37) {
      const high = index + 1 < length ? hexValue(raw.charCodeAt(index + 1)) : -1;
      const low = index + 2 < length ? hexValue(raw.charCodeAt(index + 2)) : -1;
      if (high < 0 || low < 0) {
        return failure('malformed-escape', `malformed escape ${raw.slice(index, index + 3)}`);
      }
      const hex = raw.slice(index + 1, index + 3);
      const byte = high * 16 + low;
      if (isUnreservedCode(byte)) {
        spelling ??= `escape %${hex} names the unreserved ${String.fromCharCode(byte)}`;
      }
      if (hex !== hex.toUpperCase()) spelling ??= `escape %${hex} must use uppercase hex`;
      bytes.push(byte);
      index += 3;
    } else if (isUnreservedCode(code)) {
      bytes.push(code);
      index++;
    } else if (code < 0x20 || code === 0x7f) {
      return failure('control-character', 'control characters are not allowed');
    } else {
      spelling ??= `character ${JSON.stringify(raw[index])} must be percent-encoded`;
      const point = raw.codePointAt(index) ?? code;
      if (point >= 0xd800 && point <= 0xdfff) return failure('invalid-utf8', 'lone surrogate');
      const step = point > 0xffff ? 2 : 1;
      for (const byte of encoder.encode(raw.slice(index, index + step))) bytes.push(byte);
      index += step;
    }
  }
  let decoded: string;
  try {
    decoded = decoder.decode(Uint8Array.from(bytes));
  } catch {
    return failure('invalid-utf8', 'escapes do not decode as UTF-8');
  }
  for (let i = 0; i < decoded.length; i++) {
    const code = decoded.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) {
      return failure('control-character', 'NUL and control characters are not allowed');
    }
    if ((code === 47 && kind !== 'opaque') || (code === 92 && kind === 'path')) {
      return failure('decoded-separator', 'an escape decodes to a path separator');
    }
  }
  if (kind !== 'pointer' && (decoded === '.' || decoded === '..')) {
    return failure('traversal', `the component ${decoded} is not allowed`);
  }
  if (strict && spelling !== undefined) return failure('noncanonical', spelling);
  return decoded;
}
