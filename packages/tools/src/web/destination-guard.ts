import { isIP } from 'node:net';
import type { PermissionRule } from '@toolcall/pipeline';
import {
  type AddressClass,
  classifyAddress,
  classifyHostName,
  describeAddressClass,
} from './address-class.js';
import { canonicalHost, type HostLookup } from './private-address.js';
import { fail, succeed, type WebResult } from './web-error.js';

/**
 * What WebFetch may connect to: `check` refuses a URL whose host is, or resolves to, an
 * address that is not public; `socketLookup` gives sockets only answers `check` would pass.
 */
export interface DestinationGuard {
  check(url: URL, resolve: HostLookup): Promise<WebResult<void>>;
  socketLookup(resolve: HostLookup): HostLookup;
}

/** Which private hosts may be fetched: exact host names, or a test of the canonical host. */
export type PrivateHostAllowance = readonly string[] | ((host: string) => boolean);

/**
 * A host as a rule or an option spells it, in the form URL parsing gives it: `2130706433`,
 * `0x7f.1` and `127.1` are `127.0.0.1`, `[0:0::1]` and `::1` are `::1`, case and final dots
 * dropped.
 */
export function canonicalRuleHost(text: string): string {
  const trimmed = text.trim();
  const literal = isIP(trimmed) === 6 ? `[${trimmed}]` : trimmed;
  try {
    const url = new URL(`http://${literal}/`);
    if (url.username === '' && url.port === '' && url.pathname === '/') {
      return canonicalHost(url.hostname);
    }
  } catch {
    // Not a host URL parsing accepts: compared as written.
  }
  return canonicalHost(trimmed);
}

function hasGlob(text: string): boolean {
  return /(^|[^\\])[*?]/.test(text);
}

function namesWebFetch(tool: string | undefined): boolean {
  if (tool === undefined || tool === '' || tool === '*') return true;
  return /^[A-Za-z0-9_|/.-]+$/.test(tool) && tool.split('|').includes('WebFetch');
}

/**
 * The allowance a tool set derives from its permission rules: a host is admitted when an
 * allow or ask rule for WebFetch (or for every tool) names exactly that host in its `domain`,
 * with no glob; under an ask rule the person still decides each call. Read on every check, so
 * rules added by allow-always answers count at once.
 */
export function privateHostsAllowedByRules(
  rules: () => readonly PermissionRule[],
): (host: string) => boolean {
  return (host) =>
    rules().some(
      (rule) =>
        (rule.action === 'allow' || rule.action === 'ask') &&
        typeof rule.domain === 'string' &&
        !hasGlob(rule.domain) &&
        namesWebFetch(rule.tool) &&
        canonicalRuleHost(rule.domain.replace(/\\(.)/g, '$1')) === host,
    );
}

/** Checks an allowance and turns it into a test of canonical hosts; throws a TypeError if malformed. */
export function allowanceTest(allowance: unknown): (host: string) => boolean {
  if (allowance === undefined) return () => false;
  if (
    typeof allowance !== 'function' &&
    !(Array.isArray(allowance) && allowance.every((host) => typeof host === 'string'))
  ) {
    throw new TypeError(
      `WebFetch option allowPrivateHosts: expected an array of host names or a function, received ${typeof allowance}`,
    );
  }
  if (typeof allowance === 'function') return (host) => allowance(host) === true;
  const hosts = new Set((allowance as readonly string[]).map(canonicalRuleHost));
  return (host) => hosts.has(host);
}

function refusal(host: string, found: AddressClass, address?: string): WebResult<void> {
  const what =
    address === undefined
      ? `${host} is ${describeAddressClass(found)}`
      : `${host} resolves to ${address}, ${describeAddressClass(found)}`;
  return fail(
    'blocked-address',
    `${what}; only a permission rule naming exactly ${host} admits it`,
  );
}

/** Builds the guard; loopback passes when `loopbackIsPublic` (tests serving on 127.0.0.1). */
export function createDestinationGuard({
  allowHost,
  loopbackIsPublic,
}: {
  allowHost: (host: string) => boolean;
  loopbackIsPublic: boolean;
}): DestinationGuard {
  const blocked = (address: string): AddressClass | undefined => {
    // A resolver answering something that is not an address is never connected to.
    if (isIP(address) === 0) return { kind: 'reserved' };
    const found = classifyAddress(address);
    return found?.kind === 'loopback' && loopbackIsPublic ? undefined : found;
  };
  return {
    async check(url, resolve) {
      const host = canonicalHost(url.hostname);
      if (allowHost(host)) return succeed(undefined);
      if (isIP(host) !== 0) {
        const found = blocked(host);
        return found === undefined ? succeed(undefined) : refusal(host, found);
      }
      const named = classifyHostName(host);
      if (named !== undefined && !(named === 'loopback' && loopbackIsPublic)) {
        return refusal(host, { kind: named });
      }
      let addresses: readonly string[];
      try {
        addresses = await resolve(host);
      } catch (error) {
        return fail('network', `${host}: ${(error as Error)?.message ?? String(error)}`, error);
      }
      if (addresses.length === 0) return fail('network', `${host}: no address`);
      for (const address of addresses) {
        const found = blocked(address);
        if (found !== undefined) return refusal(host, found, address);
      }
      return succeed(undefined);
    },
    socketLookup: (resolve) => async (hostname) => {
      const host = canonicalHost(hostname);
      const addresses = await resolve(host);
      if (allowHost(host)) return addresses;
      for (const address of addresses) {
        const found = blocked(address);
        if (found !== undefined) {
          throw new Error(`${host} resolves to ${address}, ${describeAddressClass(found)}`);
        }
      }
      return addresses;
    },
  };
}
