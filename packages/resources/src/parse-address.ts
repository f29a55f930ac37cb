import { type ResourceAddress, type ResourceScheme, resourceSchemes } from './address-types.js';
import { ResourceError } from './errors.js';
import { formatAddress } from './format-address.js';
import { familyParsers } from './parse-families.js';
import { fail, ok, type Result } from './result.js';
import { invalid, isFailure, type ParseFailure } from './split-components.js';

// Two or more scheme characters, so a Windows drive (`C://x`) stays a path.
const schemePrefix = /^([A-Za-z][A-Za-z0-9+.-]+):\/\//;
const known = new Set<string>(resourceSchemes);

/** Whether `text` is shaped like `scheme://…`, so it must parse as an address, never as a path. */
export function isAddressLike(text: string): boolean {
  return schemePrefix.test(text);
}

function parseWith(text: string, strict: boolean): ResourceAddress | ParseFailure {
  const match = schemePrefix.exec(text);
  if (match === null) return invalid('not-an-address', 'it does not start with scheme://');
  const written = match[1]!;
  const scheme = written.toLowerCase();
  if (!known.has(scheme)) {
    return {
      code: 'unknown-scheme',
      issue: 'grammar',
      detail: `unknown scheme ${scheme}://; known schemes are ${resourceSchemes.map((s) => `${s}://`).join(', ')}`,
    };
  }
  if (strict && written !== scheme) return invalid('noncanonical', 'the scheme must be lowercase');
  let rest = text.slice(written.length + 3);
  let fragment: string | undefined;
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    if (scheme !== 'agent') return invalid('fragment', 'only agent:// addresses take a #fragment');
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  return familyParsers[scheme as ResourceScheme](rest, strict, fragment);
}

function toError(text: string, failure: ParseFailure): ResourceError {
  let canonical: string | undefined;
  if (failure.issue === 'noncanonical' || failure.issue === 'trailing-slash') {
    const lenient = parseWith(text, false);
    if (!isFailure(lenient)) canonical = formatAddress(lenient);
  }
  const suggestion = canonical === undefined ? '' : `; the canonical form is ${canonical}`;
  const message =
    failure.code === 'unknown-scheme'
      ? `Unknown resource address ${text}: ${failure.detail}`
      : `Invalid resource address ${text}: ${failure.detail}${suggestion}`;
  return new ResourceError(failure.code, message, {
    address: text,
    issue: failure.issue,
    ...(canonical === undefined ? {} : { canonical }),
  });
}

/** Parses a canonical resource address; noncanonical and malformed input fail as `invalid-address`. */
export function parseAddress(text: string): Result<ResourceAddress> {
  const parsed = parseWith(text, true);
  return isFailure(parsed) ? fail(toError(text, parsed)) : ok(parsed);
}

/** Parses a canonical resource address, throwing its ResourceError on failure. */
export function parseAddressOrThrow(text: string): ResourceAddress {
  const parsed = parseAddress(text);
  if (!parsed.success) throw parsed.error;
  return parsed.value;
}

/**
 * Rewrites an address into canonical form (uppercase hex, only needed escapes, no
 * trailing slash) when it has one; traversal, separators and NUL still fail.
 */
export function canonicalizeAddress(text: string): Result<string> {
  const parsed = parseWith(text, false);
  return isFailure(parsed) ? fail(toError(text, parsed)) : ok(formatAddress(parsed));
}
