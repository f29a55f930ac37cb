import { abortFailure, raceAbort } from './deadline.js';
import type { DestinationGuard } from './destination-guard.js';
import type { HostLookup } from './private-address.js';
import { fail, type WebResult } from './web-error.js';

/**
 * Checks one hop's URL with the guard under the retrieval's deadline (a lookup cannot be
 * aborted, so it is raced): `undefined` when it may proceed, else the failure, a refusal
 * naming `hop` (the URL, or the redirect from one URL to another).
 */
export async function checkHop({
  guard,
  url,
  hop,
  resolve,
  signal,
}: {
  guard: DestinationGuard;
  url: URL;
  hop: string;
  resolve: HostLookup;
  signal: AbortSignal;
}): Promise<WebResult<never> | undefined> {
  const raced = await raceAbort(guard.check(url, resolve), signal);
  if (raced.aborted) return abortFailure(signal);
  if (raced.value.success) return undefined;
  const { error } = raced.value;
  if (error.code !== 'blocked-address') return fail(error.code, error.message, error.cause);
  return fail(error.code, `refused ${hop}: ${error.message}`);
}
