import type { HostLookup } from './private-address.js';

/** The default resolver: every address of a name, in the system's order. */
export const lookupAllAddresses: HostLookup = async (hostname) => {
  // Loaded on the first lookup, with the rest of the HTTP stack (see http-stack.ts).
  const { lookup } = await import('node:dns/promises');
  return (await lookup(hostname, { all: true })).map((entry) => entry.address);
};

/**
 * Wraps a resolver so each host name is resolved at most once: the first answer (or
 * failure) is kept and handed to every later asker. One retrieval shares one pinned
 * resolver between its address checks and its sockets, so a second DNS answer can never
 * differ from the one that was checked.
 */
export function pinLookup(lookup: HostLookup): HostLookup {
  const answers = new Map<string, Promise<readonly string[]>>();
  return (hostname) => {
    const key = hostname.toLowerCase();
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = lookup(key).then((addresses) => Object.freeze([...addresses]));
      answers.set(key, answer);
    }
    return answer;
  };
}
