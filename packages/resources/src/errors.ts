const marker = Symbol.for('toolcall.error.ResourceError');

/** The reasons a resources operation can fail, as stable kebab-case codes. */
export type ResourceErrorCode =
  | 'invalid-address'
  | 'unknown-scheme'
  | 'unsupported-operation'
  | 'unavailable'
  | 'not-found'
  | 'not-a-directory'
  | 'not-a-file'
  | 'already-exists'
  | 'too-large'
  | 'invalid-json'
  | 'outside-root'
  | 'io-failed';

/** Why an address failed validation, for `invalid-address` errors. */
export type AddressIssue =
  | 'not-an-address'
  | 'malformed-escape'
  | 'noncanonical'
  | 'invalid-utf8'
  | 'decoded-separator'
  | 'traversal'
  | 'empty-component'
  | 'absolute-component'
  | 'trailing-slash'
  | 'control-character'
  | 'fragment'
  | 'grammar';

/** Context a ResourceError may carry; never a backing filesystem path. */
export interface ResourceErrorOptions {
  readonly cause?: unknown;
  /** The address as the caller authored it. */
  readonly address?: string;
  /** For `invalid-address`: which rule the address broke. */
  readonly issue?: AddressIssue;
  /** For noncanonical input: the canonical spelling, when one exists. */
  readonly canonical?: string;
  /** For filesystem failures: the system error code (`ENOENT`), never its message. */
  readonly systemCode?: string;
}

/** An expected failure of @toolcall/resources, returned as a value rather than thrown. */
export class ResourceError extends Error {
  readonly [marker] = true;
  override readonly name = 'ResourceError';
  readonly code: ResourceErrorCode;
  readonly address: string | undefined;
  readonly issue: AddressIssue | undefined;
  readonly canonical: string | undefined;
  readonly systemCode: string | undefined;

  constructor(code: ResourceErrorCode, message: string, options?: ResourceErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.address = options?.address;
    this.issue = options?.issue;
    this.canonical = options?.canonical;
    this.systemCode = options?.systemCode;
  }

  /** Whether `value` is a ResourceError, across copies of this package. */
  static isInstance(value: unknown): value is ResourceError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
