import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';

/**
 * Most bytes read from a file whose size is not known in advance: `/proc` and `/sys` files
 * report size 0 whatever they hold (4 MiB).
 */
export const PSEUDO_FILE_BYTES = 4 * 1024 * 1024;

/** Most bytes a tool that needs a whole file in memory reads (Outline, Node, ApplyPatch: 64 MiB). */
export const WHOLE_FILE_BYTES = 64 * 1024 * 1024;

// Opening a FIFO for reading blocks until a writer comes, and opening some devices blocks too;
// a blocked open holds one of libuv's four pool threads for good. Nothing a tool opens may block.
const NONBLOCKING_READ = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/** What a path that is not a regular file is, in the words of the refusal. */
export function kindOf(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'FIFO';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice()) return 'character device';
  if (stats.isBlockDevice()) return 'block device';
  return 'special file';
}

/** The refusal of a path that is not a regular file, e.g. `p is a FIFO, not a regular file`. */
export function notRegularMessage(shown: string, kind: string): string {
  return `${shown} is a ${kind}, not a regular file`;
}

/** Why a path could not be opened as a regular file. */
export type OpenRefusal =
  | { readonly reason: 'missing'; readonly message: string }
  | { readonly reason: 'directory'; readonly message: string; readonly stats: Stats }
  | { readonly reason: 'not-regular'; readonly message: string; readonly kind: string }
  | { readonly reason: 'error'; readonly message: string; readonly code: string };

/** A regular file opened for reading, with the `fstat` of the open descriptor. */
export type OpenedFile =
  | { readonly success: true; readonly handle: FileHandle; readonly stats: Stats }
  | ({ readonly success: false } & OpenRefusal);

function failure(shown: string, error: unknown): { success: false } & OpenRefusal {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return { success: false, reason: 'missing', message: `File ${shown} does not exist` };
  }
  return { success: false, reason: 'error', code, message: `Cannot read ${shown} (${code})` };
}

function refuse(stats: Stats, shown: string): ({ success: false } & OpenRefusal) | undefined {
  const kind = kindOf(stats);
  if (kind === undefined) return undefined;
  const message = notRegularMessage(shown, kind);
  if (kind === 'directory') return { success: false, reason: 'directory', message, stats };
  return { success: false, reason: 'not-regular', message, kind };
}

/**
 * Opens `file` (symlinks followed) for reading only when it is a regular file: it is `stat`ed
 * first, so a FIFO, socket or device is refused before any open; the open never blocks, and the
 * descriptor is `fstat`ed again, so a path swapped for a special file in between is refused too.
 * The caller closes the handle.
 */
export async function openRegularFile(file: string, shown: string): Promise<OpenedFile> {
  try {
    const refused = refuse(await stat(file), shown);
    if (refused !== undefined) return refused;
  } catch (error) {
    return failure(shown, error);
  }
  let handle: FileHandle;
  try {
    handle = await open(file, NONBLOCKING_READ);
  } catch (error) {
    return failure(shown, error);
  }
  try {
    const stats = await handle.stat();
    const swapped = refuse(stats, shown);
    if (swapped === undefined) return { success: true, handle, stats };
    await handle.close();
    return swapped;
  } catch (error) {
    await handle.close().catch(() => undefined);
    return failure(shown, error);
  }
}

/**
 * Reads an open file to its end, at most `maxBytes`; a file that holds more (or grows past
 * it while read) is an error, so a lying size never makes a read unbounded.
 */
export async function readToEnd(
  handle: FileHandle,
  {
    shown,
    maxBytes,
    signal,
  }: { shown: string; maxBytes: number; signal?: AbortSignal | undefined },
): Promise<{ success: true; bytes: Uint8Array } | { success: false; message: string }> {
  const parts: Buffer[] = [];
  let total = 0;
  for (;;) {
    if (signal?.aborted === true)
      return { success: false, message: `Reading ${shown} was cancelled` };
    const want = Math.min(1 << 20, maxBytes + 1 - total);
    const buffer = Buffer.allocUnsafe(want);
    const { bytesRead } = await handle.read(buffer, 0, want, null);
    if (bytesRead === 0) break;
    parts.push(buffer.subarray(0, bytesRead));
    total += bytesRead;
    if (total > maxBytes) {
      return {
        success: false,
        message: `${shown} holds more than ${maxBytes.toLocaleString('en-US')} bytes, the most this tool reads`,
      };
    }
  }
  return { success: true, bytes: new Uint8Array(Buffer.concat(parts, total)) };
}

/** Opens and reads a whole regular file, bounded by `maxBytes`, closing it in every case. */
export async function readRegularFile(
  file: string,
  {
    shown,
    maxBytes = WHOLE_FILE_BYTES,
    signal,
  }: {
    shown: string;
    maxBytes?: number;
    signal?: AbortSignal | undefined;
  },
): Promise<
  { success: true; bytes: Uint8Array; stats: Stats } | ({ success: false } & OpenRefusal)
> {
  const opened = await openRegularFile(file, shown);
  if (!opened.success) return opened;
  try {
    const read = await readToEnd(opened.handle, { shown, maxBytes, signal });
    if (!read.success)
      return { success: false, reason: 'error', code: 'EFBIG', message: read.message };
    return { success: true, bytes: read.bytes, stats: opened.stats };
  } catch (error) {
    return failure(shown, error);
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
}
