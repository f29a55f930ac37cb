import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { extensionOf, isBinaryExtension, looksBinary } from './binary.js';
import { fileChunks } from './file-chunks.js';
import { type ReadArguments, type ReadResponse, readBytes, readDocument } from './read-bytes.js';
import { listDirectory } from './read-directory.js';
import { IMAGE_TYPES } from './read-media.js';
import { readErrors, readTextWindow } from './read-text.js';
import { similarNames } from './similar-names.js';

const LARGE_FILE_BYTES = 512 * 1024;

const error = (text: string): ReadResponse => ({ text, error: true });

/** Reads a plain filesystem path: directories list, media attach, text streams by line. */
export async function readPath(
  file: string,
  shown: string,
  args: ReadArguments,
  timeoutMs: number,
): Promise<ReadResponse> {
  let stats: Awaited<ReturnType<typeof stat>>;
  try {
    stats = await stat(file);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return error(readErrors.missing(shown) + (await similarNames(file, shown)));
    }
    return error(`Cannot read ${shown} (${code ?? 'unknown error'})`);
  }
  if (stats.isDirectory()) return listDirectory(file, shown, timeoutMs, args.exec);
  if (!stats.isFile()) return error(`Cannot read ${shown}: not a regular file`);
  const extension = extensionOf(file);
  if (extension in IMAGE_TYPES || extension === '.pdf') {
    return readDocument({ path: file }, extension, shown, args, stats.size);
  }
  if (isBinaryExtension(extension)) return error(readErrors.binary(extension, shown, stats.size));
  if (args.explicitRange === false && stats.size > LARGE_FILE_BYTES) {
    return error(readErrors.tooLarge());
  }
  // O_NOFOLLOW is not used: a plain path may be a symlink the permission step already judged.
  const handle = await open(file, constants.O_RDONLY);
  try {
    const head = Buffer.alloc(Math.min(8192, stats.size));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (looksBinary(head.subarray(0, bytesRead))) {
      return error(readErrors.binary(extension || 'binary data', shown, stats.size));
    }
    const answer = await readTextWindow(fileChunks(handle), {
      shown,
      offset: args.offset,
      limit: args.limit,
      size: stats.size,
    });
    return answer;
  } finally {
    await handle.close();
  }
}

export { readBytes };
