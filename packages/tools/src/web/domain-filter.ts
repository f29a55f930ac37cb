import { domainToASCII } from 'node:url';

/**
 * Normalises a domain argument: lower case, no scheme, path, port, `*.` or dots at the ends,
 * and an internationalised name in its ASCII (punycode) form, as URL host names are.
 */
export function normalizeDomain(domain: string): string {
  let text = domain.trim().toLowerCase();
  text = text
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '');
  text = text.replace(/^\*?\.+/, '').replace(/\.+$/, '');
  // domainToASCII answers '' for a name it cannot convert; such a name is kept as given.
  return domainToASCII(text) || text;
}

/** Whether `host` is `domain` or one of its subdomains (a match at a label boundary only). */
export function hostMatchesDomain(host: string, domain: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return domain !== '' && (name === domain || name.endsWith(`.${domain}`));
}

/** The query with `site:` terms for allowed domains or `-site:` terms for blocked ones. */
export function queryWithDomains(
  query: string,
  { allowed, blocked }: { allowed: readonly string[]; blocked: readonly string[] },
): string {
  if (allowed.length === 1) return `${query} site:${allowed[0]}`;
  if (allowed.length > 1)
    return `${query} (${allowed.map((domain) => `site:${domain}`).join(' OR ')})`;
  return [query, ...blocked.map((domain) => `-site:${domain}`)].join(' ');
}

/** Whether a result URL passes the domain lists. */
export function passesDomainFilter(
  url: string,
  { allowed, blocked }: { allowed: readonly string[]; blocked: readonly string[] },
): boolean {
  const host = new URL(url).hostname;
  if (allowed.length > 0 && !allowed.some((domain) => hostMatchesDomain(host, domain)))
    return false;
  return !blocked.some((domain) => hostMatchesDomain(host, domain));
}
