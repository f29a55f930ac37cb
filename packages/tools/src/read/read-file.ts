import { extensionOf, isBinaryExtension, looksBinary } from './binary.js';
import { fileChunks } from './file-chunks.js';
import { type ReadArguments, type ReadResponse, readBytes, readDocument } from './read-bytes.js';
import { listDirectory } from './read-directory.js';
import { IMAGE_TYPES } from './read-media.js';
import { readErrors, readTextWindow } from './read-text.js';
import { openRegularFile, PSEUDO_FILE_BYTES } from './regular-file.js';
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
  // Symlinks are followed (O_NOFOLLOW is not used): the permission step judged the path the
  // tool resolves. What they lead to must be a regular file or a directory.
  const opened = await openRegularFile(file, shown);
  if (!opened.success) {
    if (opened.reason === 'directory') return listDirectory(file, shown, timeoutMs, args.exec);
    if (opened.reason === 'missing') {
      return error(readErrors.missing(shown) + (await similarNames(file, shown)));
    }
    return error(opened.message);
  }
  const { handle, stats } = opened;
  try {
    const extension = extensionOf(file);
    if (extension in IMAGE_TYPES || extension === '.pdf') {
      return await readDocument({ path: file, handle }, extension, shown, args, stats.size);
    }
    if (isBinaryExtension(extension)) return error(readErrors.binary(extension, shown, stats.size));
    if (args.explicitRange === false && stats.size > LARGE_FILE_BYTES) {
      return error(readErrors.tooLarge());
    }
    // `/proc` and `/sys` files report size 0 whatever they hold, so their read is capped; a
    // file read to the size it had when opened, so a writer appending meanwhile ends nothing.
    const maxBytes = stats.size === 0 ? PSEUDO_FILE_BYTES : stats.size;
    const head = Buffer.alloc(Math.min(8192, maxBytes));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (looksBinary(head.subarray(0, bytesRead))) {
      return error(readErrors.binary(extension || 'binary data', shown, stats.size));
    }
    return await readTextWindow(fileChunks(handle, { maxBytes, signal: args.signal }), {
      shown,
      offset: args.offset,
      limit: args.limit,
    });
  } finally {
    await handle.close().catch(() => undefined);
  }
}

export { readBytes };
