import type { ToolcallAddress } from '../address-types.js';
import type { FamilyHandler } from '../family-handler.js';
import type { DirectoryTree } from './directory-tree.js';
import type { PrepareCache } from './prepare-check.js';
import { prepareTree } from './tree-handler.js';

/** `toolcall://`: a read-only view of the packaged Markdown docs; needs no session. */
export function docsHandler(
  docsDirectory: string,
  cache: PrepareCache,
): FamilyHandler<ToolcallAddress> {
  const tree: DirectoryTree = {
    root: docsDirectory,
    address: 'toolcall://',
    media: false,
    recursive: true,
    include: ['*.md'],
    visible: (name, isDirectory) => isDirectory || name.endsWith('.md'),
  };
  return (request) => {
    // Only the bare listing recurses; a directory below lists its direct children.
    const target = request.address.path.length === 0 ? tree : { ...tree, recursive: false };
    return prepareTree(
      request,
      { tree: target, components: request.address.path },
      'package',
      cache,
    );
  };
}
