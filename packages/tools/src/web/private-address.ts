import { isIP } from 'node:net';

/** Resolves a host name to its addresses (the shape of `dns.promises.lookup` with `all`). */
export type HostLookup = (hostname: string) => Promise<readonly string[]>;

function ipv4Octets(address: string): number[] {
  return address.split('.').map(Number);
}

function isPrivateIpv4(address: string): boolean {
  const [a = 0, b = 0, c = 0] = ipv4Octets(address);
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved and broadcast
  );
}

// Expands an IPv6 address to eight 16-bit groups, handling `::` and a dotted IPv4 tail.
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Octets(dotted[1]);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const middle = new Array<number>(Math.max(0, 8 - front.length - back.length)).fill(0);
  return [...front, ...middle, ...back];
}

function isPrivateIpv6(address: string): boolean {
  const groups = ipv6Groups(address);
  const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = groups;
  const allZeroBefore = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (allZeroBefore(7) && (g7 === 0 || g7 === 1)) return true; // :: and ::1
  if (allZeroBefore(5) && g5 === 0xffff) {
    // IPv4-mapped: judge the embedded IPv4 address.
    return isPrivateIpv4(`${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`);
  }
  if (g0 === 0x64 && g1 === 0xff9b)
    return isPrivateIpv4(`${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`);
  return (
    (g0 & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (g0 & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (g0 & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (g0 & 0xff00) === 0xff00 || // multicast
    (g0 === 0x2001 && g1 === 0x0db8) // documentation
  );
}

/** Whether an IP address literal is loopback, private, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPrivateIpv4(address);
  if (family === 6) return isPrivateIpv6(address);
  return false;
}

/** Whether an address is in 127.0.0.0/8 or is ::1 (or its IPv4-mapped form). */
export function isLoopbackAddress(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('127.');
  if (isIP(address) !== 6) return false;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return true;
  return (
    groups.slice(0, 5).every((g) => g === 0) &&
    groups[5] === 0xffff &&
    (groups[6] ?? 0) >> 8 === 127
  );
}

/** Strips the brackets a URL puts around an IPv6 host. */
export function bareHostname(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Whether a host is on the local machine or a private network: an address literal is judged
 * directly, a name by every address it resolves to (any private address makes it private).
 * `localhost` names are private without a lookup; a failed lookup counts as private.
 */
export async function isPrivateHost(
  hostname: string,
  { lookup, loopbackIsPublic = false }: { lookup: HostLookup; loopbackIsPublic?: boolean },
): Promise<boolean> {
  const host = bareHostname(hostname).toLowerCase();
  const judge = (address: string) =>
    isPrivateAddress(address) && !(loopbackIsPublic && isLoopbackAddress(address));
  if (isIP(host) !== 0) return judge(host);
  if (!loopbackIsPublic && (host === 'localhost' || host.endsWith('.localhost'))) return true;
  try {
    const addresses = await lookup(host);
    return addresses.length === 0 || addresses.some(judge);
  } catch {
    return true;
  }
}
