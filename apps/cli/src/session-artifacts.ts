import { join } from 'node:path';
import { createSessionArtifactStore, type SessionArtifactStore } from '@toolcall/tools';

/**
 * The artifact store of a session directory: oversized results as `SESSION/artifacts/TOOL-ID.txt`,
 * saved files (WebFetch's PDFs) under their own names, and one artifact per execution, answered
 * with the `artifact://` address that Read resolves in the same session. Writes are atomic and
 * the session's artifacts are kept under `quotaBytes` (default 1 GiB), oldest evicted first.
 */
export function createSessionArtifacts(
  sessionDirectory: string,
  options: { readonly quotaBytes?: number } = {},
): SessionArtifactStore {
  return createSessionArtifactStore({
    directory: join(sessionDirectory, 'artifacts'),
    ...(options.quotaBytes === undefined ? {} : { quotaBytes: options.quotaBytes }),
  });
}
