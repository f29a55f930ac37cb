import { isIP } from 'node:net';
import { ipv6Groups } from './ipv6-groups.js';

/** The kinds of address WebFetch never connects to unless a rule names the host. */
export type AddressKind =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade NAT'
  | 'multicast'
  | 'unspecified'
  | 'cloud metadata'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'IETF protocol'
  | 'unique-local'
  | 'site-local'
  | 'local-use NAT64'
  | 'discard-only';

/** Why an address is not public: its kind and, for an IPv6 form of IPv4, the embedded address. */
export interface AddressClass {
  readonly kind: AddressKind;
  /** The IPv4 address an IPv4-mapped, -compatible, NAT64, 6to4 or Teredo address carries. */
  readonly embedded?: string;
}

// Metadata services answer on these addresses inside every major cloud (AWS, GCP, Azure,
// Oracle, Alibaba; ECS task metadata): named before their wider ranges.
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200']);

function octets(address: string): [number, number, number, number] {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
  return [a, b, c, d];
}

function ipv4Kind(address: string): AddressKind | undefined {
  if (METADATA_V4.has(address)) return 'cloud metadata';
  const [a, b, c] = octets(address);
  if (a === 0) return 'unspecified'; // "this network": 0.0.0.0 reaches this machine
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'carrier-grade NAT';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 192 && b === 0 && c === 0) return 'IETF protocol';
  if ((a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100)) {
    return 'documentation';
  }
  if (a === 203 && b === 0 && c === 113) return 'documentation';
  if (a === 198 && (b === 18 || b === 19)) return 'benchmarking';
  if (a >= 224 && a <= 239) return 'multicast';
  if (address === '255.255.255.255') return 'broadcast';
  if (a >= 240) return 'reserved';
  return undefined;
}

function ipv4Of(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

// An IPv6 form that carries an IPv4 address is judged by that address: a NAT64 gateway, a
// 6to4 relay or the kernel's mapped sockets deliver the packet to it.
function embeddedIpv4(groups: readonly number[]): string | undefined {
  const [g0 = 0, g1 = 0, g2 = 0, , g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroUpTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  if (zeroUpTo(5) && (g5 === 0xffff || g5 === 0)) return ipv4Of(g6, g7); // mapped, compatible
  if (zeroUpTo(4) && g4 === 0xffff && g5 === 0) return ipv4Of(g6, g7); // SIIT translated
  if (g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) {
    return ipv4Of(g6, g7); // NAT64 well-known prefix
  }
  if (g0 === 0x2002) return ipv4Of(g1, g2); // 6to4
  if (g0 === 0x2001 && g1 === 0) return ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff); // Teredo client
  return undefined;
}

function ipv6Class(address: string): AddressClass | undefined {
  const groups = ipv6Groups(address);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0] = groups;
  const last = groups[7] ?? 0;
  if (groups.slice(0, 7).every((group) => group === 0) && last <= 1) {
    return { kind: last === 0 ? 'unspecified' : 'loopback' };
  }
  const embedded = embeddedIpv4(groups);
  if (embedded !== undefined) {
    const kind = ipv4Kind(embedded);
    return kind === undefined ? undefined : { kind, embedded };
  }
  if (g0 === 0xfd00 && g1 === 0x0ec2 && groups.slice(2, 7).every((g) => g === 0) && last === 0x254)
    return { kind: 'cloud metadata' };
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return { kind: 'local-use NAT64' };
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return { kind: 'discard-only' };
  if ((g0 & 0xfe00) === 0xfc00) return { kind: 'unique-local' };
  if ((g0 & 0xffc0) === 0xfe80) return { kind: 'link-local' };
  if ((g0 & 0xffc0) === 0xfec0) return { kind: 'site-local' };
  if ((g0 & 0xff00) === 0xff00) return { kind: 'multicast' };
  if (g0 === 0x2001 && g1 === 0x0db8) return { kind: 'documentation' };
  if (g0 === 0x2001 && g1 < 0x200) return { kind: 'IETF protocol' }; // 2001::/23
  return undefined;
}

/** Why an IP address literal is not public, or `undefined` for a public address or a name. */
export function classifyAddress(address: string): AddressClass | undefined {
  const family = isIP(address);
  if (family === 4) {
    const kind = ipv4Kind(address);
    return kind === undefined ? undefined : { kind };
  }
  return family === 6 ? ipv6Class(address) : undefined;
}

// Names that reach this machine or a cloud's metadata service without (or whatever) DNS says.
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** Why a host name (lower case, no trailing dot) is refused by name alone, if it is. */
export function classifyHostName(name: string): AddressKind | undefined {
  if (METADATA_NAMES.has(name)) return 'cloud metadata';
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  // `.internal` is reserved for private networks (ICANN, 2024); cloud hosts use it.
  if (name.endsWith('.internal')) return 'private';
  return undefined;
}

/** "a loopback address" or "an IPv4-mapped form of 127.0.0.1, a loopback address". */
export function describeAddressClass(found: AddressClass): string {
  const article = /^(unspecified|IETF)/.test(found.kind) ? 'an' : 'a';
  const plain = `${article} ${found.kind} address`;
  return found.embedded === undefined ? plain : `a form of ${found.embedded}, ${plain}`;
}
