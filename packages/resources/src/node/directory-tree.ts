import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { ResourceError } from '../errors.js';
import type { ResourceOperation } from '../operation-matrix.js';
import type { ExecuteOptions, ResourceOutcome, SearchRoot } from '../outcome-types.js';
import { createPathRewriter, type PathMapping } from '../path-rewriter.js';
import { fail, ok, type Result } from '../result.js';
import { type Containment, resolveContained } from './contained-path.js';
import { listTree } from './directory-listing.js';
import { createWritableFile } from './writable-file.js';

/** A directory that backs one address prefix. */
export interface DirectoryTree {
  /** Private backing directory; it may not exist yet. */
  readonly root: string;
  /** The address naming `root` (`work://`, `work://shared`, `memory://journal/`). */
  readonly address: string;
  readonly label?: string;
  /** Which entries exist for the family (packaged docs show only Markdown). */
  readonly visible?: (name: string, isDirectory: boolean) => boolean;
  /** Whether Read may treat files as media. */
  readonly media: boolean;
  /** Whether bare listings recurse (packaged docs list every document). */
  readonly recursive?: boolean;
  /** Glob patterns a search helper must keep to (packaged docs: Markdown only). */
  readonly include?: readonly string[];
}

/** A whole-tree listing or search union over several trees (memory://root, history://saved). */
export interface TreeTarget {
  readonly tree: DirectoryTree;
  readonly components: readonly string[];
}

function notFound(address: string): ResourceError {
  return new ResourceError('not-found', `${address} does not exist`, { address });
}

async function readContained(
  real: string,
  size: number,
  maxBytes: number,
  address: string,
): Promise<Result<Uint8Array>> {
  if (size > maxBytes) {
    return fail(
      new ResourceError('too-large', `${address} is larger than ${maxBytes} bytes`, { address }),
    );
  }
  // O_NOFOLLOW: the path is already real, so a symlink here was swapped in after resolution.
  // O_NONBLOCK and the fstat: a FIFO or device swapped in after the stat never blocks the open.
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) {
      return fail(new ResourceError('not-a-file', `${address} is not a regular file`, { address }));
    }
    return ok(new Uint8Array(await handle.readFile()));
  } finally {
    await handle.close();
  }
}

function searchOutcome(
  address: string,
  roots: readonly SearchRoot[],
  mappings: PathMapping[],
  include: readonly string[],
): ResourceOutcome {
  return { kind: 'search', address, roots, include, rewriter: createPathRewriter(mappings) };
}

/** The mappings that rewrite a tree's backing paths (configured and real) to its address. */
export function treeMappings(tree: DirectoryTree, containment: Containment): PathMapping[] {
  const mappings: PathMapping[] = [{ backingPath: tree.root, address: tree.address }];
  if (containment.kind !== 'no-root')
    mappings.push({ backingPath: containment.realRoot, address: tree.address });
  return mappings;
}

/** Runs one operation against a tree after permission, re-resolving containment first. */
export async function executeOnTree(
  target: TreeTarget,
  operation: ResourceOperation,
  address: string,
  options: Required<ExecuteOptions>,
): Promise<Result<ResourceOutcome>> {
  const { tree, components } = target;
  const resolved = resolveContained(tree.root, components, address);
  if (!resolved.success) return resolved;
  const containment = resolved.value;
  if (operation === 'apply-patch') {
    return ok({
      kind: 'writable',
      address,
      file: createWritableFile(tree.root, components, address),
    });
  }
  if (containment.kind !== 'exists') {
    // An unmaterialised root is an empty listing, not a failure.
    if (components.length === 0 && containment.kind === 'no-root') {
      if (operation === 'read')
        return ok({ kind: 'listing', address, entries: [], truncated: false });
      return ok(searchOutcome(address, [], treeMappings(tree, containment), []));
    }
    return fail(notFound(address));
  }
  const { real, stats } = containment;
  const isDirectory = stats.isDirectory();
  const leaf = components[components.length - 1];
  if (leaf !== undefined && tree.visible !== undefined && !tree.visible(leaf, isDirectory)) {
    return fail(notFound(address));
  }
  const include = tree.include ?? [];
  if (operation === 'glob' || operation === 'grep') {
    if (operation === 'glob' && !isDirectory) {
      return fail(
        new ResourceError('not-a-directory', `${address} is not a readable directory`, { address }),
      );
    }
    const mappings = treeMappings(tree, containment);
    mappings.push({ backingPath: real, address });
    return ok(
      searchOutcome(
        address,
        [{ backingPath: real, address, ...(tree.label ? { label: tree.label } : {}) }],
        mappings,
        include,
      ),
    );
  }
  if (isDirectory) {
    const { entries, truncated } = await listTree(tree, real, components, options.listLimit);
    return ok({ kind: 'listing', address, entries, truncated });
  }
  if (!stats.isFile()) {
    return fail(new ResourceError('not-a-file', `${address} is not a regular file`, { address }));
  }
  const data = await readContained(real, stats.size, options.maxBytes, address);
  if (!data.success) return data;
  return ok({
    kind: 'file',
    address,
    size: data.value.byteLength,
    data: data.value,
    media: tree.media,
  });
}
