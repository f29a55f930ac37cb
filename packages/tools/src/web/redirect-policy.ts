import { isLoopbackAddress, isPrivateAddress, isPrivateHost } from './private-address.js';
import type { RedirectPolicy } from './retrieve.js';
import type { NormalizedWebFetchOptions } from './web-fetch-options.js';

/**
 * WebFetch's redirect rule: the same host is followed; a public origin redirecting to a
 * private or loopback host is returned; any other host is followed only when a fresh
 * WebFetch of it would be allowed without a prompt, refused when denied, else returned.
 * The origin is judged by the address its response actually came from, the target by the
 * retrieval's pinned resolver, whose answer is all the next hop's socket may connect to.
 */
export function createRedirectPolicy(options: NormalizedWebFetchOptions): RedirectPolicy {
  const loopbackIsPublic = options.treatLoopbackAsPublic;
  const isPrivate = (address: string) =>
    isPrivateAddress(address) && !(loopbackIsPublic && isLoopbackAddress(address));
  return async (from, to, { fromAddress, resolve }) => {
    if (from.hostname.toLowerCase() === to.hostname.toLowerCase()) return { action: 'follow' };
    const hostOptions = { lookup: resolve, loopbackIsPublic };
    const fromPrivate =
      fromAddress === undefined
        ? await isPrivateHost(from.hostname, hostOptions)
        : isPrivate(fromAddress);
    if (!fromPrivate && (await isPrivateHost(to.hostname, hostOptions)))
      return { action: 'return' };
    if (options.decideNow === undefined) return { action: 'return' };
    const verdict = options.decideNow({ name: 'WebFetch', input: { url: to.href } });
    if (verdict.decision === 'allow') return { action: 'follow' };
    if (verdict.decision === 'deny') {
      return { action: 'deny', reason: `redirect to ${to.href} was denied: ${verdict.reason}` };
    }
    return { action: 'return' };
  };
}
