import { abortFailure, raceAbort, startDeadline } from './deadline.js';
import type { DestinationGuard } from './destination-guard.js';
import { checkHop } from './guard-hop.js';
import { type HttpRequestOptions, type HttpResponse, sendHttpRequest } from './http-request.js';
import { lookupAllAddresses, pinLookup } from './pinned-lookup.js';
import type { HostLookup } from './private-address.js';
import { fail, succeed, type WebResult } from './web-error.js';

/** How a redirect is handled: followed, handed back to the caller, or refused with a reason. */
export type RedirectVerdict =
  | { readonly action: 'follow' }
  | { readonly action: 'return' }
  | { readonly action: 'deny'; readonly reason: string };

/** What a redirect decision may consult beside the two URLs. */
export interface RedirectContext {
  /** The address the redirecting response came from. */
  readonly fromAddress: string | undefined;
  /**
   * The retrieval's pinned resolver: the addresses it answers for a host are the only ones
   * a later hop's socket connects to, so a check made with it holds for the connection.
   */
  readonly resolve: HostLookup;
}

/** Decides one redirect from `from` to `to` (both already checked to be http/https). */
export type RedirectPolicy = (
  from: URL,
  to: URL,
  context: RedirectContext,
) => RedirectVerdict | Promise<RedirectVerdict>;

/** The options of one retrieval, redirects included. */
export interface RetrieveOptions {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Bytes kept of the final body, by its headers. */
  readonly maxBytes: HttpRequestOptions['maxBytes'];
  /** Reading stops after this many decoded bytes (default: the whole body). */
  readonly countBytes?: number;
  readonly maxRedirects: number;
  /** Host name resolution (default: every address from `dns.lookup`); pinned per retrieval. */
  readonly lookup: HostLookup | undefined;
  readonly signal: AbortSignal | undefined;
  readonly decideRedirect: RedirectPolicy;
  /**
   * Refuses hosts that are, or resolve to, addresses that are not public: checked before every
   * hop's connection and before a redirect is decided, its socket given only checked answers.
   */
  readonly guard?: DestinationGuard;
}

/** A retrieval's end: the final response, or a redirect the caller must decide about. */
export type Retrieval =
  | {
      readonly kind: 'response';
      readonly response: HttpResponse;
      readonly finalUrl: URL;
      readonly redirects: number;
    }
  | {
      readonly kind: 'redirect';
      readonly from: URL;
      readonly target: URL;
      readonly status: number;
    };

/** Parses a URL and accepts only http and https URLs with a host. */
export function parseWebUrl(text: string, base?: URL): WebResult<URL> {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch (error) {
    return fail('invalid-url', `invalid URL: ${text}`, error);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail(
      'invalid-url',
      `unsupported URL scheme ${url.protocol} in ${url.href} (only http and https)`,
    );
  }
  if (url.hostname === '') return fail('invalid-url', `URL has no host: ${text}`);
  return succeed(url);
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Retrieves a URL with GET, following redirects itself (the same method and headers on
 * every hop) under one deadline; the timer and listeners are released before it returns.
 */
export async function retrieve(options: RetrieveOptions): Promise<WebResult<Retrieval>> {
  const first = parseWebUrl(options.url);
  if (!first.success) return first;
  const deadline = startDeadline(options.timeoutMs, options.timeoutMs, options.signal);
  const resolve = pinLookup(options.lookup ?? lookupAllAddresses);
  const { guard } = options;
  const checked = (url: URL, hop: string) =>
    guard === undefined
      ? undefined
      : checkHop({ guard, url, hop, resolve, signal: deadline.signal });
  try {
    let url = first.value;
    for (let redirects = 0; ; redirects += 1) {
      const refused = await checked(url, url.href);
      if (refused !== undefined) return refused;
      const sent = await sendHttpRequest({
        url,
        headers: options.headers,
        signal: deadline.signal,
        maxBytes: options.maxBytes,
        ...(options.countBytes === undefined ? {} : { countBytes: options.countBytes }),
        lookup: guard === undefined ? resolve : guard.socketLookup(resolve),
        skipRedirectBody: true,
      });
      if (!sent.success) return sent;
      const response = sent.value;
      const location = response.headers.location;
      if (!REDIRECT_STATUSES.has(response.status) || location === undefined) {
        return succeed({ kind: 'response', response, finalUrl: url, redirects });
      }
      if (redirects >= options.maxRedirects) {
        return fail(
          'too-many-redirects',
          `more than ${options.maxRedirects} redirects (last to ${location})`,
        );
      }
      const target = parseWebUrl(location, url);
      if (!target.success) {
        return fail('invalid-url', `redirect refused: ${target.error.message}`, target.error);
      }
      const targetRefused = await checked(
        target.value,
        `the redirect from ${url.href} to ${target.value.href}`,
      );
      if (targetRefused !== undefined) return targetRefused;
      // The decision may resolve host names, which cannot be aborted: the deadline bounds it.
      const decided = await raceAbort(
        options.decideRedirect(url, target.value, {
          fromAddress: response.remoteAddress,
          resolve,
        }),
        deadline.signal,
      );
      if (decided.aborted) return abortFailure(deadline.signal);
      const verdict = decided.value;
      if (verdict.action === 'deny') return fail('redirect-denied', verdict.reason);
      if (verdict.action === 'return') {
        return succeed({
          kind: 'redirect',
          from: url,
          target: target.value,
          status: response.status,
        });
      }
      url = target.value;
    }
  } finally {
    deadline.release();
  }
}
