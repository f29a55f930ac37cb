import { isIP } from 'node:net';
import { classifyAddress, classifyHostName } from './address-class.js';
import { ipv6Groups } from './ipv6-groups.js';

/** Resolves a host name to its addresses (the shape of `dns.promises.lookup` with `all`). */
export type HostLookup = (hostname: string) => Promise<readonly string[]>;

/**
 * Whether an IP address literal is loopback, private, link-local, metadata or otherwise not
 * public (every kind `classifyAddress` names, IPv6 forms of such IPv4 addresses included).
 */
export function isPrivateAddress(address: string): boolean {
  return classifyAddress(address) !== undefined;
}

/** Whether an address is in 127.0.0.0/8 or is ::1 (or an IPv6 form carrying 127/8). */
export function isLoopbackAddress(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('127.');
  if (isIP(address) !== 6) return false;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return true;
  const found = classifyAddress(address);
  return found?.kind === 'loopback' && found.embedded !== undefined;
}

/** Strips the brackets a URL puts around an IPv6 host. */
export function bareHostname(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** A URL host name as rules and checks compare it: lower case, no brackets, no final dots. */
export function canonicalHost(hostname: string): string {
  return bareHostname(hostname.toLowerCase()).replace(/\.+$/, '');
}

/**
 * Whether a host is on the local machine or a private network: an address literal is judged
 * directly, a name by every address it resolves to (any private address makes it private).
 * `localhost`, `.internal` and metadata names are private without a lookup; a failed lookup
 * counts as private.
 */
export async function isPrivateHost(
  hostname: string,
  { lookup, loopbackIsPublic = false }: { lookup: HostLookup; loopbackIsPublic?: boolean },
): Promise<boolean> {
  const host = canonicalHost(hostname);
  const judge = (address: string) =>
    isPrivateAddress(address) && !(loopbackIsPublic && isLoopbackAddress(address));
  if (isIP(host) !== 0) return judge(host);
  const named = classifyHostName(host);
  if (named !== undefined && !(loopbackIsPublic && named === 'loopback')) return true;
  try {
    const addresses = await lookup(host);
    return addresses.length === 0 || addresses.some(judge);
  } catch {
    return true;
  }
}
