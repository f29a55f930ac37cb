import type { MediaReference } from './media-record.js';
import type { MediaStore } from './media-store-types.js';
import {
  type MediaCapabilities,
  type MediaProvider,
  type ProviderContentMap,
  providerTextContent,
  toProviderContent,
} from './provider-content.js';
import { fail, type MediaResult, succeed } from './result.js';
import { describeUndeliveredMedia } from './summarize-media.js';

/** Options for replayProviderContent. */
export interface ReplayProviderContentOptions<P extends MediaProvider> {
  store: MediaStore;
  reference: MediaReference;
  provider: P;
  capabilities: MediaCapabilities;
}

/**
 * Replays a reference into a provider content part; media that is known but no
 * longer available becomes a text part saying so, and an unknown reference fails.
 */
export async function replayProviderContent<P extends MediaProvider>({
  store,
  reference,
  provider,
  capabilities,
}: ReplayProviderContentOptions<P>): Promise<MediaResult<ProviderContentMap[P]>> {
  const record = store.describe(reference);
  if (record === undefined) {
    return fail('not-found', 'no media record for this reference', {
      recordId: reference.recordId,
    });
  }
  const read = await store.read(reference);
  if (!read.success) {
    if (read.error.code !== 'unavailable') return read;
    return succeed(
      providerTextContent(provider, describeUndeliveredMedia(record, 'it is no longer available')),
    );
  }
  return succeed(toProviderContent({ provider, payload: read.value, capabilities }));
}
