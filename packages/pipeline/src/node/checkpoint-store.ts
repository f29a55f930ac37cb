import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckpointStore, ToolCallCheckpoint } from '../ptc/checkpoint.js';

const SUFFIX = '.toolcall.json';

function fileName(envelopeId: string): string {
  return `${encodeURIComponent(envelopeId)}${SUFFIX}`;
}

/**
 * A ToolCall checkpoint store in `directory`: each write is fsynced to a temporary file and
 * renamed over the old one, so a killed process leaves either the old or the new checkpoint.
 */
export function createFileCheckpointStore(directory: string): CheckpointStore {
  return {
    async write(checkpoint) {
      await mkdir(directory, { recursive: true });
      const target = join(directory, fileName(checkpoint.envelopeId));
      const temporary = `${target}.${process.pid}.tmp`;
      const handle = await open(temporary, 'w');
      try {
        await handle.writeFile(JSON.stringify(checkpoint), 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
      // The rename is durable only once the directory entry itself is synced.
      const folder = await open(directory, 'r');
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const checkpoints: ToolCallCheckpoint[] = [];
      for (const name of names.filter((entry) => entry.endsWith(SUFFIX)).sort()) {
        checkpoints.push(
          JSON.parse(await readFile(join(directory, name), 'utf8')) as ToolCallCheckpoint,
        );
      }
      return checkpoints;
    },
    async remove(envelopeId) {
      await rm(join(directory, fileName(envelopeId)), { force: true });
    },
  };
}
