import { join, resolve } from 'node:path';
import { readRegularFile } from '../read/regular-file.js';

/** Options shared by the navigation tools. */
export interface NavigationOptions {
  /** Directory that relative paths resolve against; defaults to `process.cwd()` at call time. */
  readonly cwd?: string;
  /** Display width of a tab for Node's columns; defaults to 8, as in Emacs. */
  readonly tabWidth?: number;
  /**
   * Whether Outline may parse a large file in two parts at once, one in the navigation
   * parse worker that `loadLanguage` starts; defaults to true. False parses every file on
   * the calling thread. The outline is the same either way.
   */
  readonly parseWorker?: boolean;
}

/** The outcome of reading a source file. */
export type ReadResult =
  | { success: true; value: string; fullPath: string }
  | { success: false; error: string };

// The tool set's resource preparer may hand over a prepared path target
// ({kind: 'path', path}); its absolute path then wins over resolving the argument again.
function preparedPath(prepared: unknown): string | undefined {
  if (typeof prepared !== 'object' || prepared === null) return undefined;
  const { kind, path } = prepared as { kind?: unknown; path?: unknown };
  return kind === 'path' && typeof path === 'string' ? path : undefined;
}

/** Resolves a path argument like the file tools: `~` is home, relative is against `cwd`. */
export function absolutePath(path: string, options: NavigationOptions, prepared?: unknown): string {
  const ready = preparedPath(prepared);
  if (ready !== undefined) return ready;
  const cwd = options.cwd ?? process.cwd();
  const home = process.env.HOME ?? cwd;
  const expanded = path === '~' || path.startsWith('~/') ? join(home, path.slice(1)) : path;
  return resolve(cwd, expanded);
}

/**
 * Reads a regular file as UTF-8 (bounded, never blocking on a FIFO or device), reporting a
 * missing file, a directory or a special file as a message.
 */
export async function readSource(
  path: string,
  options: NavigationOptions,
  prepared?: unknown,
  signal?: AbortSignal,
): Promise<ReadResult> {
  const full = absolutePath(path, options, prepared);
  const read = await readRegularFile(full, { shown: path, signal });
  if (!read.success) {
    return {
      success: false,
      error: read.reason === 'directory' ? `${path} is a directory` : read.message,
    };
  }
  return { success: true, value: Buffer.from(read.bytes).toString('utf8'), fullPath: full };
}

/** Checks the shared options, throwing a TypeError naming a bad one. */
export function checkOptions(where: string, options: NavigationOptions): number {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${where}: expected an options object, received ${String(options)}`);
  }
  const { cwd, tabWidth = 8, parseWorker } = options;
  if (cwd !== undefined && typeof cwd !== 'string') {
    throw new TypeError(`${where}: \`cwd\` must be a string, received ${typeof cwd}`);
  }
  if (parseWorker !== undefined && typeof parseWorker !== 'boolean') {
    throw new TypeError(
      `${where}: \`parseWorker\` must be a boolean, received ${typeof parseWorker}`,
    );
  }
  if (!Number.isInteger(tabWidth) || tabWidth < 1) {
    throw new TypeError(`${where}: \`tabWidth\` must be a positive integer, received ${tabWidth}`);
  }
  return tabWidth;
}
