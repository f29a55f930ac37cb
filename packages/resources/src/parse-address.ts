import { type ResourceAddress, type ResourceScheme, resourceSchemes } from './address-types.js';
import { ResourceError } from './errors.js';
import { formatAddress } from './format-address.js';
import { familyParsers } from './parse-families.js';
import { fail, ok, type Result } from './result.js';
import { invalid, isFailure, ParseFailure } from './split-components.js';

// Two or more scheme characters, so a Windows drive (`C://x`) stays a path.
const schemePrefix = /^([A-Za-z][A-Za-z0-9+.-]+):\/\//;
const known = new Set<string>(resourceSchemes);

/** Whether `text` is shaped like `scheme://…`, so it must parse as an address, never as a path. */
export function isAddressLike(text: string): boolean {
  return schemePrefix.test(text);
}

// The scheme as written when `text` starts with `scheme://`, without a regexp match array.
function schemeOfText(text: string): string | undefined {
  const end = text.indexOf('://');
  if (end < 2) return undefined;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i) | 0x20;
    const letter = code >= 97 && code <= 122;
    if (letter) continue;
    const other = text.charCodeAt(i);
    if (i === 0 || !((other >= 48 && other <= 57) || other === 43 || other === 45 || other === 46))
      return undefined;
  }
  return text.slice(0, end);
}

function parseWith(text: string, strict: boolean): ResourceAddress | ParseFailure {
  const written = schemeOfText(text);
  if (written === undefined) return invalid('not-an-address', 'it does not start with scheme://');
  const scheme = known.has(written) ? written : written.toLowerCase();
  if (!known.has(scheme)) {
    return new ParseFailure(
      'unknown-scheme',
      'grammar',
      `unknown scheme ${scheme}://; known schemes are ${resourceSchemes.map((s) => `${s}://`).join(', ')}`,
    );
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
  // A validation failure is a value whose stack says nothing the address does not;
  // capturing one costs more than parsing, so bulk validation skips it.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new ResourceError(failure.code, message, {
      address: text,
      issue: failure.issue,
      ...(canonical === undefined ? {} : { canonical }),
    });
  } finally {
    Error.stackTraceLimit = limit;
  }
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
