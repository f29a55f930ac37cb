import type { LookupAddress } from 'node:dns';
import type { HostLookup } from './private-address.js';

type LookupCallback = (
  error: Error | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** Adapts a promise lookup to the callback shape `net.connect` calls (with or without `all`). */
export function adaptLookup(lookup: HostLookup) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    lookup(hostname).then(
      (addresses) => {
        const entries = addresses.map((address) => ({
          address,
          family: address.includes(':') ? 6 : 4,
        }));
        const first = entries[0];
        if (first === undefined) callback(new Error(`no address for ${hostname}`), '', 4);
        else if (options.all) callback(null, entries);
        else callback(null, first.address, first.family);
      },
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), '', 4),
    );
  };
}
