import type { AddressIssue } from './errors.js';

const sha256Hex = /^[0-9a-f]{64}$/;
const sha256AnyCase = /^[0-9a-fA-F]{64}$/;

import { type ComponentKind, decodeComponent } from './percent-encoding.js';

/** A failed parse before it becomes a ResourceError (a class, so the check is one instanceof). */
export class ParseFailure {
  readonly code: 'invalid-address' | 'unknown-scheme';
  readonly issue: AddressIssue;
  readonly detail: string;

  constructor(code: 'invalid-address' | 'unknown-scheme', issue: AddressIssue, detail: string) {
    this.code = code;
    this.issue = issue;
    this.detail = detail;
  }
}

/** Builds a ParseFailure for an invalid address. */
export function invalid(issue: AddressIssue, detail: string): ParseFailure {
  return new ParseFailure('invalid-address', issue, detail);
}

/** Whether a parse step returned a failure rather than a value. */
export function isFailure(value: unknown): value is ParseFailure {
  return value instanceof ParseFailure;
}

/**
 * Splits the part after `scheme://` on literal `/` into raw components, rejecting
 * absolute, empty interior and (in strict mode) trailing-slash forms.
 */
export function splitRaw(rest: string, strict: boolean): string[] | ParseFailure {
  if (rest === '') return [];
  if (rest.indexOf('/') < 0) return [rest];
  const raws = rest.split('/');
  if (raws[0] === '') return invalid('absolute-component', 'components must be relative');
  if (raws[raws.length - 1] === '') {
    if (strict) {
      return invalid('trailing-slash', 'directory operands are spelled without a trailing slash');
    }
    raws.pop();
  }
  for (let i = 1; i < raws.length; i++) {
    if (raws[i] === '') return invalid('empty-component', 'empty interior component');
  }
  return raws;
}

/** Decodes one component (`.` and `..` fail as traversal except in JSON pointers). */
export function decodeOne(
  raw: string,
  strict: boolean,
  kind: ComponentKind,
): string | ParseFailure {
  const decoded = decodeComponent(raw, strict, kind);
  return typeof decoded === 'string' ? decoded : invalid(decoded.issue, decoded.detail);
}

/** Decodes `raws[from…]` as path components, reusing the array when `from` is 0. */
export function decodePath(raws: string[], from: number, strict: boolean): string[] | ParseFailure {
  const path = from === 0 ? raws : raws.slice(from);
  for (let i = 0; i < path.length; i++) {
    const decoded = decodeOne(path[i]!, strict, 'path');
    if (typeof decoded !== 'string') return decoded;
    path[i] = decoded;
  }
  return path;
}

/** Checks a full lowercase SHA-256 hex digest (lenient mode lowercases it). */
export function parseKey(raw: string, strict: boolean, what: string): string | ParseFailure {
  if (sha256Hex.test(raw)) return raw;
  if (!strict && sha256AnyCase.test(raw)) return raw.toLowerCase();
  if (sha256AnyCase.test(raw)) return invalid('noncanonical', `${what} must be lowercase hex`);
  return invalid('grammar', `${what} must be a full lowercase SHA-256 hex digest`);
}

/** Decodes the component before the first `/`, to match a structural keyword. */
export function firstComponent(rest: string, strict: boolean): string | ParseFailure {
  const slash = rest.indexOf('/');
  return decodeOne(slash < 0 ? rest : rest.slice(0, slash), strict, 'path');
}
