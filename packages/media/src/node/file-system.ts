import * as fs from 'node:fs/promises';

/** The slice of `node:fs/promises` the file store uses; inject one to simulate failures. */
export interface MediaFileSystem {
  mkdir: typeof fs.mkdir;
  open: typeof fs.open;
  rename: typeof fs.rename;
  readFile: typeof fs.readFile;
  appendFile: typeof fs.appendFile;
  stat: typeof fs.stat;
  unlink: typeof fs.unlink;
  readdir: typeof fs.readdir;
}

/** The real filesystem. */
export const nodeFileSystem: MediaFileSystem = {
  mkdir: fs.mkdir,
  open: fs.open,
  rename: fs.rename,
  readFile: fs.readFile,
  appendFile: fs.appendFile,
  stat: fs.stat,
  unlink: fs.unlink,
  readdir: fs.readdir,
};

/** The `code` of a Node system error, if it has one. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}
