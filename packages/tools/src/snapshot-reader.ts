import { readFile, stat } from 'node:fs/promises';
import type { SnapshotReader } from '@toolcall/pipeline';
import { absolutePath } from './file-target.js';

/**
 * Reads a path's before-state for the pipeline's snapshots. Anything that is not a regular file
 * (missing, a directory) reads as absent, so the tool itself reports why it cannot patch it.
 */
export function createSnapshotReader(cwd: string): SnapshotReader {
  return async (file) => {
    const absolute = absolutePath(cwd, file);
    try {
      if (!(await stat(absolute)).isFile()) return undefined;
      return await readFile(absolute, 'utf8');
    } catch {
      return undefined;
    }
  };
}
