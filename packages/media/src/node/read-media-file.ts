import type { MediaFileReader } from '../media-record.js';
import { fail, succeed } from '../result.js';
import { errorCode, type MediaFileSystem, nodeFileSystem } from './file-system.js';

/** Creates a reader that refuses files over the limit before reading them. */
export function createMediaFileReader(
  fileSystem: MediaFileSystem = nodeFileSystem,
): MediaFileReader {
  return async (path, { maxBytes }) => {
    let handle: Awaited<ReturnType<MediaFileSystem['open']>> | undefined;
    try {
      handle = await fileSystem.open(path, 'r');
      const { size, isFile } = await handle.stat().then((stat) => ({
        size: stat.size,
        isFile: stat.isFile(),
      }));
      if (!isFile) return fail('read-failed', 'media path is not a regular file');
      if (size > maxBytes) {
        return fail('too-large', `file of ${size} bytes exceeds the ${maxBytes}-byte limit`);
      }
      const buffer = await handle.readFile();
      return succeed(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
    } catch (error) {
      const reason = errorCode(error) === 'ENOENT' ? 'does not exist' : 'cannot be read';
      return fail('read-failed', `media file ${reason}`, { cause: error });
    } finally {
      await handle?.close();
    }
  };
}
