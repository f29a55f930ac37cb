import { mkdir, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WritableResource } from '@toolcall/resources';
import { openRegularFile, readToEnd, WHOLE_FILE_BYTES } from '../read/regular-file.js';
import { createGuarded, removeGuarded, replaceGuarded, tempBeside } from './guarded-replace.js';
import { systemTarget } from './system-targets.js';

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
  /**
   * Stages `data`; with `before`, the commit fails with `PatchConflictError` unless the target
   * still holds exactly that state when it is replaced.
   */
  stage(data: Uint8Array, mode: number | undefined, before?: SlotState): Promise<StagedWrite>;
  /** Removes the target; with `before`, only while it still holds exactly that state. */
  remove(before?: SlotState): Promise<void>;
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

/** Creates the missing directories one level at a time, outermost first, remembering each. */
async function createParents(directory: string, createdDirectories: string[]): Promise<void> {
  // Not `mkdir({recursive: true})`: on some kernel file systems it retries without end.
  const missing = await missingAncestors(directory);
  for (const entry of missing.reverse()) {
    await mkdir(entry);
    createdDirectories.push(entry);
  }
}

/** A plain filesystem path; writes go to a temp file in the same directory, renamed into place. */
export function pathSlot(absolute: string, shown: string, createdDirectories: string[]): PatchSlot {
  return {
    key: `path:${absolute}`,
    shown,
    async load() {
      const system = await systemTarget(absolute, shown);
      if (system !== undefined) return { success: false, message: system };
      // Stat first, a non-blocking open, then fstat: a FIFO or device is refused before any
      // open, and one swapped in after the stat cannot hang the read.
      const opened = await openRegularFile(absolute, shown);
      if (!opened.success) {
        switch (opened.reason) {
          case 'missing':
            return { success: true, state: { exists: false } };
          case 'directory':
            return { success: false, message: `Cannot patch a directory: ${shown}` };
          case 'not-regular':
            return {
              success: false,
              message: `${opened.message} (only regular files can be patched)`,
            };
          default:
            return { success: false, message: opened.message };
        }
      }
      try {
        const read = await readToEnd(opened.handle, { shown, maxBytes: WHOLE_FILE_BYTES });
        if (!read.success)
          return { success: false, message: `Cannot patch ${shown}: ${read.message}` };
        const mode = opened.stats.mode & 0o7777;
        return { success: true, state: { exists: true, data: read.bytes, mode } };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        return { success: false, message: `Cannot read ${shown} (${code ?? 'unknown error'})` };
      } finally {
        await opened.handle.close().catch(() => undefined);
      }
    },
    async stage(data, mode, before) {
      const directory = path.dirname(absolute);
      const temp = tempBeside(absolute);
      const options = { flag: 'wx', ...(mode === undefined ? {} : { mode }) };
      try {
        await writeFile(temp, data, options);
      } catch (error) {
        // Parents are created only when missing, and remembered so a failure can remove them.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await createParents(directory, createdDirectories);
        await writeFile(temp, data, options);
      }
      const commit = async (): Promise<void> => {
        if (before === undefined) return rename(temp, absolute);
        if (!before.exists) return createGuarded(temp, absolute, shown);
        return replaceGuarded({
          target: absolute,
          temp,
          before: before.data,
          written: data,
          mode,
          shown,
        });
      };
      return { commit, discard: () => rm(temp, { force: true }) };
    },
    async remove(before) {
      if (before === undefined || !before.exists) return unlink(absolute);
      return removeGuarded(absolute, before.data, before.mode, shown);
    },
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
