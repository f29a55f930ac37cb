import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** The default per-session artifact quota (1 GiB). */
export const DEFAULT_ARTIFACT_QUOTA_BYTES = 1024 ** 3;

interface Entry {
  readonly name: string;
  readonly size: number;
  readonly mtimeMs: number;
}

/** The published artifacts of a directory (temporary and hidden files are not artifacts). */
export async function listArtifacts(directory: string): Promise<Entry[]> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const entries: Entry[] = [];
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const info = await stat(path.join(directory, name)).catch(() => undefined);
    if (info?.isFile() !== true) continue;
    entries.push({ name, size: info.size, mtimeMs: info.mtimeMs });
  }
  return entries;
}

/**
 * Evicts the oldest artifacts until the directory holds at most `quotaBytes`; `keep` is never
 * evicted. Artifacts this process wrote are ordered by `writtenAt` (file clocks are coarser than
 * writes), after every artifact of earlier processes, which go by modification time. Returns the
 * evicted names, oldest first.
 */
export async function enforceQuota(
  directory: string,
  quotaBytes: number,
  keep: string,
  writtenAt: (name: string) => number | undefined,
): Promise<string[]> {
  const entries = await listArtifacts(directory);
  let total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total <= quotaBytes) return [];
  const order = (entry: Entry): number => writtenAt(entry.name) ?? -1;
  const oldest = entries
    .filter((entry) => entry.name !== keep)
    .sort((a, b) => order(a) - order(b) || a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name));
  const evicted: string[] = [];
  for (const entry of oldest) {
    if (total <= quotaBytes) break;
    try {
      await unlink(path.join(directory, entry.name));
      evicted.push(entry.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    total -= entry.size;
  }
  return evicted;
}

/** The sentence telling the model which artifacts were evicted, or `undefined` for none. */
export function evictionNotice(addresses: readonly string[]): string | undefined {
  if (addresses.length === 0) return undefined;
  return `Note: the session's artifact quota was exceeded, so the oldest artifacts were deleted and can no longer be read: ${addresses.join(', ')}`;
}
