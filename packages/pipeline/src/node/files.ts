import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { ArtifactStore, SnapshotReader } from '../ports.js';

/** A line writer that appends to a JSONL file (e.g. a session's repair log). */
export function createJsonlAppender(file: string): (line: string) => void {
  let ready = false;
  return (line) => {
    if (!ready) {
      mkdirSync(dirname(file), { recursive: true });
      ready = true;
    }
    appendFileSync(file, line, 'utf8');
  };
}

/** Reads UTF-8 text relative to `root`; a missing file reads as `undefined`. */
export function createFileReader(root: string): SnapshotReader {
  return async (path) => {
    try {
      return await readFile(resolve(root, path), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
}

/** An artifact store in `directory`: atomic writes (temp + rename), `artifact://HANDLE` addresses. */
export function createFileArtifactStore(directory: string): ArtifactStore {
  return {
    async put({ text, toolName }) {
      await mkdir(directory, { recursive: true });
      const handle = `${toolName.replace(/[^A-Za-z0-9_-]/g, '_')}-${randomUUID()}.txt`;
      const target = join(directory, handle);
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, text, 'utf8');
      await rename(temporary, target);
      return { address: `artifact://${handle}` };
    },
  };
}
