import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ToolsError } from '../errors.js';

/** One workspace config file the user trusted: its content hash and when it was trusted. */
export interface TrustedConfig {
  /** The file's absolute path, symlinks resolved. */
  readonly file: string;
  /** The sha256 of the file's bytes, lowercase hex. */
  readonly sha256: string;
  /** When `trustConfigFile` recorded it, ISO 8601. */
  readonly trustedAt: string;
}

/** A value, or the ToolsError saying why there is none. */
export type TrustResult<T> = { success: true; value: T } | { success: false; error: ToolsError };

/** What the store file holds: `{"version": 1, "files": {PATH: {sha256, trustedAt}}}`. */
interface StoreFile {
  version: 1;
  files: Record<string, { sha256: string; trustedAt: string }>;
}

/**
 * The trust store: `$XDG_CONFIG_HOME/toolcall/trusted.json`, else
 * `~/.config/toolcall/trusted.json`. It lives in the user's config directory, outside every
 * workspace, so nothing a tool writes in a workspace can trust that workspace's config.
 */
export function trustStorePath(environment: NodeJS.ProcessEnv = process.env): string {
  const base = environment.XDG_CONFIG_HOME || join(environment.HOME || homedir(), '.config');
  return join(base, 'toolcall', 'trusted.json');
}

/** The sha256 of a config file's content, lowercase hex. */
export function hashConfig(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** The key a file is trusted under: absolute, with symlinks resolved when it exists. */
async function keyOf(file: string): Promise<string> {
  const absolute = resolve(file);
  return realpath(absolute).catch(() => absolute);
}

/**
 * The file or its directory when either is a symbolic link. Such a file is never trusted: a
 * link from one workspace to another's trusted file would otherwise carry that trust over.
 */
async function linkIn(file: string): Promise<string | undefined> {
  const absolute = resolve(file);
  for (const path of [absolute, dirname(absolute)]) {
    const stats = await lstat(path).catch(() => undefined);
    if (stats?.isSymbolicLink()) return path;
  }
  return undefined;
}

async function readStore(store: string): Promise<TrustResult<StoreFile>> {
  let text: string;
  try {
    text = await readFile(store, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { success: true, value: { version: 1, files: Object.create(null) } };
    }
    return unreadable(store, (error as Error).message, error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return unreadable(store, `not JSON (${(error as Error).message})`, error);
  }
  const files = (json as { files?: unknown } | null)?.files;
  if (
    (json as { version?: unknown } | null)?.version !== 1 ||
    typeof files !== 'object' ||
    files === null ||
    Array.isArray(files)
  ) {
    return unreadable(store, 'expected {"version": 1, "files": {PATH: {sha256, trustedAt}}}');
  }
  const entries: StoreFile['files'] = Object.create(null);
  for (const [file, entry] of Object.entries(files)) {
    const { sha256, trustedAt } = (entry ?? {}) as { sha256?: unknown; trustedAt?: unknown };
    // An entry of another shape trusts nothing; the rest of the store still counts.
    if (typeof sha256 === 'string' && /^[0-9a-f]{64}$/.test(sha256)) {
      entries[file] = { sha256, trustedAt: typeof trustedAt === 'string' ? trustedAt : '' };
    }
  }
  return { success: true, value: { version: 1, files: entries } };
}

function unreadable<T>(store: string, reason: string, cause?: unknown): TrustResult<T> {
  return {
    success: false,
    error: new ToolsError('trust-store-unreadable', `${store}: ${reason}`, { cause }),
  };
}

/** Writes the store beside itself and renames it over: a reader never sees half a file. */
async function writeStore(store: string, content: StoreFile): Promise<TrustResult<void>> {
  const temporary = `${store}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(dirname(store), { recursive: true, mode: 0o700 });
    await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
    await rename(temporary, store);
    return { success: true, value: undefined };
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    return {
      success: false,
      error: new ToolsError(
        'trust-store-unwritable',
        `${store}: cannot write it (${(error as Error).message})`,
        { cause: error },
      ),
    };
  }
}

/**
 * Whether the user trusted `file` with exactly `content`: a file changed since it was trusted
 * is untrusted again. A store that cannot be read trusts nothing (the error says why).
 */
export async function isConfigTrusted(options: {
  file: string;
  content: string | Uint8Array;
  environment?: NodeJS.ProcessEnv;
}): Promise<TrustResult<boolean>> {
  if ((await linkIn(options.file)) !== undefined) return { success: true, value: false };
  const store = await readStore(trustStorePath(options.environment));
  if (!store.success) return store;
  const entry = store.value.files[await keyOf(options.file)];
  return { success: true, value: entry?.sha256 === hashConfig(options.content) };
}

/**
 * Records `file` as trusted with its current content, or with `content` when given (what the
 * caller has just written itself: a change made after that write is not trusted), replacing
 * an earlier record of it.
 */
export async function trustConfigFile(options: {
  file: string;
  content?: string | Uint8Array;
  environment?: NodeJS.ProcessEnv;
  now?: () => Date;
}): Promise<TrustResult<TrustedConfig>> {
  const link = await linkIn(options.file);
  if (link !== undefined) {
    return {
      success: false,
      error: new ToolsError(
        'config-unreadable',
        `${link} is a symbolic link: only a config file reached without links can be trusted`,
      ),
    };
  }
  const file = await keyOf(options.file);
  let content: string | Uint8Array;
  try {
    content = options.content ?? (await readFile(file));
  } catch (error) {
    return {
      success: false,
      error: new ToolsError(
        'config-unreadable',
        `${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        { cause: error },
      ),
    };
  }
  const path = trustStorePath(options.environment);
  const store = await readStore(path);
  if (!store.success) return store;
  const record = {
    sha256: hashConfig(content),
    trustedAt: (options.now ?? (() => new Date()))().toISOString(),
  };
  store.value.files[file] = record;
  const written = await writeStore(path, store.value);
  if (!written.success) return written;
  return { success: true, value: { file, ...record } };
}

/** Forgets `file`; resolves to whether it was trusted. */
export async function revokeConfigTrust(options: {
  file: string;
  environment?: NodeJS.ProcessEnv;
}): Promise<TrustResult<boolean>> {
  const path = trustStorePath(options.environment);
  const store = await readStore(path);
  if (!store.success) return store;
  const file = await keyOf(options.file);
  if (store.value.files[file] === undefined) return { success: true, value: false };
  delete store.value.files[file];
  const written = await writeStore(path, store.value);
  return written.success ? { success: true, value: true } : written;
}

/** Every trusted file, sorted by path. */
export async function listTrustedConfigs(
  environment?: NodeJS.ProcessEnv,
): Promise<TrustResult<TrustedConfig[]>> {
  const store = await readStore(trustStorePath(environment));
  if (!store.success) return store;
  return {
    success: true,
    value: Object.entries(store.value.files)
      .map(([file, entry]) => ({ file, ...entry }))
      .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
  };
}
