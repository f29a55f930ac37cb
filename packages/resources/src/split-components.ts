import type { AddressIssue } from './errors.js';
import { type ComponentKind, type DecodeFailure, decodeComponent } from './percent-encoding.js';

/** A failed parse before it becomes a ResourceError. */
export interface ParseFailure {
  readonly code: 'invalid-address' | 'unknown-scheme';
  readonly issue: AddressIssue;
  readonly detail: string;
}

/** Builds a ParseFailure for an invalid address. */
export function invalid(issue: AddressIssue, detail: string): ParseFailure {
  return { code: 'invalid-address', issue, detail };
}

/** Whether a helper returned a failure rather than a value. */
export function isFailure(value: unknown): value is ParseFailure | DecodeFailure {
  return typeof value === 'object' && value !== null && 'issue' in value && 'detail' in value;
}

/**
 * Splits the part after `scheme://` on literal `/` into raw components, rejecting
 * absolute, empty interior and (in strict mode) trailing-slash forms.
 */
export function splitRaw(rest: string, strict: boolean): string[] | ParseFailure {
  if (rest === '') return [];
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
  if (typeof decoded !== 'string') return { code: 'invalid-address', ...decoded };
  return decoded;
}

/** Decodes `raws[from…]` as path components. */
export function decodePath(
  raws: readonly string[],
  from: number,
  strict: boolean,
): string[] | ParseFailure {
  const path: string[] = [];
  for (let i = from; i < raws.length; i++) {
    const decoded = decodeOne(raws[i]!, strict, 'path');
    if (typeof decoded !== 'string') return decoded;
    path.push(decoded);
  }
  return path;
}
