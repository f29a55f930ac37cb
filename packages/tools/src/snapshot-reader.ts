import type { SnapshotReader } from '@toolcall/pipeline';
import { absolutePath } from './file-target.js';
import { readRegularFile } from './read/regular-file.js';

/**
 * Reads a path's before-state for the pipeline's snapshots. Anything that is not a regular file
 * (missing, a directory, a FIFO or device) or is too large reads as absent, so the tool itself
 * reports why it cannot patch it; the read never blocks and is bounded.
 */
export function createSnapshotReader(cwd: string): SnapshotReader {
  return async (file) => {
    const read = await readRegularFile(absolutePath(cwd, file), { shown: file });
    return read.success ? Buffer.from(read.bytes).toString('utf8') : undefined;
  };
}
