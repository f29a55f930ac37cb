import type { Components } from './address-types.js';
import { ResourceError } from './errors.js';
import type { ListingEntry, ResourceOutcome } from './outcome-types.js';
import type { RetainedAgent } from './providers.js';
import { fail, ok, type Result } from './result.js';

/** A `not-found` failure naming the address. */
export function notFound(address: string): Result<never> {
  return fail(new ResourceError('not-found', `${address} does not exist`, { address }));
}

/** A listing outcome cut to `limit` entries. */
export function listingOf(
  address: string,
  entries: ListingEntry[],
  limit: number,
): Result<ResourceOutcome> {
  return ok({
    kind: 'listing',
    address,
    entries: entries.slice(0, limit),
    truncated: entries.length > limit,
  });
}

/** The registry path (`/root/…`) of components below root. */
export function agentPathOf(components: Components): string {
  return ['/root', ...components].join('/');
}

/** Registry paths become sorted addresses; paths that are not `/root/…` are skipped. */
export function retainedAddresses(
  agents: readonly RetainedAgent[],
  toAddress: (agent: Components) => string,
): ListingEntry[] {
  const entries: ListingEntry[] = [];
  for (const agent of [...agents].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  )) {
    const parts = agent.path.split('/');
    if (
      parts[0] !== '' ||
      parts[1] !== 'root' ||
      parts.slice(2).some((part) => part === '' || part === '.' || part === '..')
    )
      continue;
    try {
      entries.push({ address: toAddress(parts.slice(2)), kind: 'resource' });
    } catch {
      // A registry path this grammar cannot name is left out of the listing.
    }
  }
  return entries;
}
