import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { mkdir, open, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
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

const NONBLOCKING = constants.O_NONBLOCK | constants.O_NOCTTY;

/** What a path that is not a regular file is, as an error names it. */
function specialKind(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'named pipe';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice()) return 'character device';
  if (stats.isBlockDevice()) return 'block device';
  return 'special file';
}

// Only regular files are patched: reading a FIFO or a device could block or never end.
function refusal(stats: Stats, shown: string): string | undefined {
  const kind = specialKind(stats);
  if (kind === undefined) return undefined;
  if (kind === 'directory') return `Cannot patch a directory: ${shown}`;
  return `Cannot patch a ${kind}: ${shown} (only regular files can be patched)`;
}

/** A plain filesystem path; writes go to a temp file in the same directory, renamed into place. */
export function pathSlot(absolute: string, shown: string, createdDirectories: string[]): PatchSlot {
  return {
    key: `path:${absolute}`,
    shown,
    async load() {
      try {
        const refused = refusal(await stat(absolute), shown);
        if (refused !== undefined) return { success: false, message: refused };
        // Opened without blocking and checked again, so a path swapped for a FIFO after the
        // stat cannot hang the read.
        const handle = await open(absolute, constants.O_RDONLY | NONBLOCKING);
        try {
          const stats = await handle.stat();
          const swapped = refusal(stats, shown);
          if (swapped !== undefined) return { success: false, message: swapped };
          const data = new Uint8Array(await handle.readFile());
          return { success: true, state: { exists: true, data, mode: stats.mode & 0o7777 } };
        } finally {
          await handle.close();
        }
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
