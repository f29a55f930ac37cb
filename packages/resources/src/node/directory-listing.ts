import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ListingEntry } from '../outcome-types.js';
import { appendToAddress } from '../path-rewriter.js';
import type { DirectoryTree } from './directory-tree.js';

function entryOf(
  tree: DirectoryTree,
  components: readonly string[],
  entry: Dirent,
): ListingEntry | undefined {
  const isDirectory = entry.isDirectory();
  if (tree.visible !== undefined && !tree.visible(entry.name, isDirectory)) return undefined;
  return {
    address: appendToAddress(tree.address, [...components, entry.name]),
    kind: isDirectory ? 'directory' : 'file',
    ...(tree.label === undefined ? {} : { label: tree.label }),
  };
}

async function collect(
  tree: DirectoryTree,
  real: string,
  components: readonly string[],
  limit: number,
  into: ListingEntry[],
): Promise<boolean> {
  const entries = (await readdir(real, { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const listed = entryOf(tree, components, entry);
    if (listed === undefined) continue;
    if (tree.recursive && listed.kind === 'directory') {
      if (
        await collect(tree, path.join(real, entry.name), [...components, entry.name], limit, into)
      )
        return true;
      continue;
    }
    if (into.length >= limit) return true;
    into.push(listed);
  }
  return false;
}

/** Lists the direct children (or, for recursive trees, every file) below a resolved directory. */
export async function listTree(
  tree: DirectoryTree,
  real: string | undefined,
  components: readonly string[],
  limit: number,
): Promise<{ entries: ListingEntry[]; truncated: boolean }> {
  const entries: ListingEntry[] = [];
  if (real === undefined) return { entries, truncated: false };
  const truncated = await collect(tree, real, components, limit, entries);
  return { entries, truncated };
}
