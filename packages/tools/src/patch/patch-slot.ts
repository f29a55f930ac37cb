import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WritableResource } from '@toolcall/resources';

/** What a patch target held when it was read. */
export type SlotState =
  | { readonly exists: false }
  | { readonly exists: true; readonly data: Uint8Array; readonly mode: number | undefined };

/** A write made ready but not yet visible; `commit` makes it visible. */
export interface StagedWrite {
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** One file a patch reads or writes: a plain path or a writable resource. */
export interface PatchSlot {
  /** Identity for "touches path more than once". */
  readonly key: string;
  readonly shown: string;
  load(): Promise<{ success: true; state: SlotState } | { success: false; message: string }>;
  stage(data: Uint8Array, mode: number | undefined): Promise<StagedWrite>;
  remove(): Promise<void>;
}

async function missingAncestors(directory: string): Promise<string[]> {
  const missing: string[] = [];
  let current = directory;
  for (;;) {
    try {
      await stat(current);
      return missing;
    } catch {
      missing.push(current);
      const parent = path.dirname(current);
      if (parent === current) return missing;
      current = parent;
    }
  }
}

/** A plain filesystem path; writes go to a temp file in the same directory, renamed into place. */
export function pathSlot(absolute: string, shown: string, createdDirectories: string[]): PatchSlot {
  return {
    key: `path:${absolute}`,
    shown,
    async load() {
      try {
        const stats = await stat(absolute);
        if (stats.isDirectory())
          return { success: false, message: `Cannot patch a directory: ${shown}` };
        const data = new Uint8Array(await readFile(absolute));
        return { success: true, state: { exists: true, data, mode: stats.mode & 0o7777 } };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return { success: true, state: { exists: false } };
        return { success: false, message: `Cannot read ${shown} (${code ?? 'unknown error'})` };
      }
    },
    async stage(data, mode) {
      const directory = path.dirname(absolute);
      const temp = path.join(
        directory,
        `.${path.basename(absolute)}.${randomBytes(6).toString('hex')}.toolcall-tmp`,
      );
      const options = { flag: 'wx', ...(mode === undefined ? {} : { mode }) };
      try {
        await writeFile(temp, data, options);
      } catch (error) {
        // Parents are created only when missing, and remembered so a failure can remove them.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        const missing = await missingAncestors(directory);
        await mkdir(directory, { recursive: true });
        createdDirectories.push(...missing);
        await writeFile(temp, data, options);
      }
      return {
        commit: () => rename(temp, absolute),
        discard: () => rm(temp, { force: true }),
      };
    },
    remove: () => unlink(absolute),
  };
}

/** A writable resource (`work://`, memory); its own writes are atomic renames. */
export function resourceSlot(file: WritableResource, shown: string): PatchSlot {
  return {
    key: `resource:${file.address}`,
    shown,
    async load() {
      const read = await file.read();
      if (!read.success) return { success: false, message: read.error.message };
      return {
        success: true,
        state:
          read.value === undefined
            ? { exists: false }
            : { exists: true, data: read.value, mode: undefined },
      };
    },
    async stage(data, mode) {
      return {
        async commit() {
          const written = await file.write(data, mode === undefined ? {} : { mode });
          if (!written.success) throw written.error;
        },
        discard: async () => undefined,
      };
    },
    async remove() {
      const removed = await file.remove();
      if (!removed.success) throw removed.error;
    },
  };
}

/** Removes directories a failed patch created, deepest first; non-empty ones stay. */
export async function removeCreatedDirectories(directories: readonly string[]): Promise<void> {
  const unique = [...new Set(directories)].sort((a, b) => b.length - a.length);
  for (const directory of unique) {
    await rmdir(directory).catch(() => undefined);
  }
}
