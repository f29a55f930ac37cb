import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';

/** Options shared by the navigation tools. */
export interface NavigationOptions {
  /** Directory that relative paths resolve against; defaults to `process.cwd()` at call time. */
  readonly cwd?: string;
  /** Display width of a tab for Node's columns; defaults to 8, as in Emacs. */
  readonly tabWidth?: number;
}

/** The outcome of reading a source file. */
export type ReadResult =
  | { success: true; value: string; fullPath: string }
  | { success: false; error: string };

/** Reads a file as UTF-8, reporting a missing file or a directory as a message. */
export async function readSource(path: string, options: NavigationOptions): Promise<ReadResult> {
  const full = isAbsolute(path) ? path : resolve(options.cwd ?? process.cwd(), path);
  try {
    const info = await stat(full);
    if (info.isDirectory()) return { success: false, error: `${path} is a directory` };
    return { success: true, value: await readFile(full, 'utf8'), fullPath: full };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return { success: false, error: `File ${path} does not exist` };
    }
    return { success: false, error: (error as Error).message };
  }
}

/** Checks the shared options, throwing a TypeError naming a bad one. */
export function checkOptions(where: string, options: NavigationOptions): number {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${where}: expected an options object, received ${String(options)}`);
  }
  const { cwd, tabWidth = 8 } = options;
  if (cwd !== undefined && typeof cwd !== 'string') {
    throw new TypeError(`${where}: \`cwd\` must be a string, received ${typeof cwd}`);
  }
  if (!Number.isInteger(tabWidth) || tabWidth < 1) {
    throw new TypeError(`${where}: \`tabWidth\` must be a positive integer, received ${tabWidth}`);
  }
  return tabWidth;
}
