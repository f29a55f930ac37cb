import type { JournalAddress, MemoryAddress } from '../address-types.js';
import { ResourceError } from '../errors.js';
import type { FamilyHandler } from '../family-handler.js';
import type { ListingEntry, ResourceOutcome, SearchRoot } from '../outcome-types.js';
import { createPathRewriter, type PathMapping } from '../path-rewriter.js';
import { fail, ok, type Result } from '../result.js';
import { resolveContained } from './contained-path.js';
import { listTree } from './directory-listing.js';
import type { DirectoryTree } from './directory-tree.js';
import type { MemoryRoot, NormalizedNodeOptions } from './node-options.js';
import { prepareTree } from './tree-handler.js';

function treeOf(root: MemoryRoot): DirectoryTree {
  return { root: root.directory, address: `memory://${root.key}`, label: root.label, media: false };
}

async function executeUnion(
  roots: readonly MemoryRoot[],
  operation: string,
  address: string,
  limit: number,
): Promise<Result<ResourceOutcome>> {
  const entries: ListingEntry[] = [];
  const searchRoots: SearchRoot[] = [];
  const mappings: PathMapping[] = [];
  let truncated = false;
  for (const root of roots) {
    const tree = treeOf(root);
    const resolved = resolveContained(root.directory, [], address);
    if (
      !resolved.success ||
      resolved.value.kind !== 'exists' ||
      !resolved.value.stats.isDirectory()
    )
      continue;
    mappings.push({ backingPath: root.directory, address: tree.address });
    mappings.push({ backingPath: resolved.value.realRoot, address: tree.address });
    searchRoots.push({
      backingPath: resolved.value.real,
      address: tree.address,
      label: root.label,
    });
    if (operation === 'read' && !truncated) {
      const listed = await listTree(tree, resolved.value.real, [], limit - entries.length);
      entries.push(...listed.entries);
      truncated = listed.truncated;
    }
  }
  if (operation === 'read') return ok({ kind: 'listing', address, entries, truncated });
  return ok({
    kind: 'search',
    address,
    roots: searchRoots,
    include: [],
    rewriter: createPathRewriter(mappings),
  });
}

/** `memory://root` (the labelled union of every root) and `memory://KEY[/REL]`. */
export function memoryHandler(options: NormalizedNodeOptions): FamilyHandler<MemoryAddress> {
  const byKey = new Map(options.memoryRoots.map((root) => [root.key, root]));
  return (request) => {
    const { address, operation, authored } = request;
    if (address.key === undefined) {
      return ok({
        scope: 'workspace',
        execute: (limits) =>
          executeUnion(options.memoryRoots, operation, authored, limits.listLimit),
      });
    }
    const root = byKey.get(address.key);
    if (root === undefined) {
      // A valid but unknown key is a missing target: it fails after permission.
      return ok({
        scope: 'workspace',
        execute: async () =>
          fail(new ResourceError('not-found', `${authored} does not exist`, { address: authored })),
      });
    }
    return prepareTree(
      request,
      { tree: treeOf(root), components: address.path },
      root.scope,
      options.prepareCache,
    );
  };
}

/** `memory://journal/` and `memory://journal/FILE`. */
export function journalHandler(options: NormalizedNodeOptions): FamilyHandler<JournalAddress> {
  const tree: DirectoryTree = {
    root: options.journalDirectory,
    address: 'memory://journal/',
    media: false,
  };
  return (request) => {
    const file = request.address.file;
    return prepareTree(
      request,
      { tree, components: file === undefined ? [] : [file] },
      'workspace',
      options.prepareCache,
    );
  };
}
