import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ArtifactAddress, SavedHistoryAddress, WorkAddress } from '../address-types.js';
import type { FamilyHandler } from '../family-handler.js';
import type { ListingEntry, ResourceOutcome, SearchRoot } from '../outcome-types.js';
import { appendToAddress, createPathRewriter, type PathMapping } from '../path-rewriter.js';
import { ok, type Result } from '../result.js';
import { realRootOf, resolveContained } from './contained-path.js';
import type { DirectoryTree } from './directory-tree.js';
import type { NormalizedNodeOptions } from './node-options.js';
import { precheckContainment } from './prepare-check.js';
import { noSession, prepareTree, sessionIdOf } from './tree-handler.js';

// Trees per session id, so prepare does not rebuild paths on every call.
function treesBySession(build: (id: string) => DirectoryTree): (id: string) => DirectoryTree {
  const trees = new Map<string, DirectoryTree>();
  return (id) => {
    let tree = trees.get(id);
    if (tree === undefined) {
      tree = build(id);
      if (trees.size >= 256) trees.clear();
      trees.set(id, tree);
    }
    return tree;
  };
}

/** `work://` (session scratch) and `work://shared` (workspace scratch). */
export function workHandler(options: NormalizedNodeOptions): FamilyHandler<WorkAddress> {
  const shared: DirectoryTree = {
    root: options.workspaceWorkDirectory,
    address: 'work://shared',
    media: true,
  };
  const sessionTree = treesBySession((id) => ({
    root: path.join(options.sessionsDirectory, id, 'work'),
    address: 'work://',
    media: true,
  }));
  return (request) => {
    const { address } = request;
    if (address.scope === 'workspace') {
      return prepareTree(
        request,
        { tree: shared, components: address.path },
        'workspace',
        options.prepareCache,
      );
    }
    const id = sessionIdOf(request.context, options.sessionId);
    if (id === undefined) return noSession(request.authored);
    return prepareTree(
      request,
      { tree: sessionTree(id), components: address.path },
      'session',
      options.prepareCache,
    );
  };
}

/** `artifact://`: persisted output and saved files; handles are the existing file names. */
export function artifactHandler(options: NormalizedNodeOptions): FamilyHandler<ArtifactAddress> {
  const sessionTree = treesBySession((id) => ({
    root: path.join(options.sessionsDirectory, id, 'artifacts'),
    address: 'artifact://',
    media: true,
    // Handles are one component, so only files directly inside are artifacts.
    visible: (_name: string, isDirectory: boolean) => !isDirectory,
  }));
  return (request) => {
    const id = sessionIdOf(request.context, options.sessionId);
    if (id === undefined) return noSession(request.authored);
    const components = request.address.handle === undefined ? [] : [request.address.handle];
    return prepareTree(
      request,
      { tree: sessionTree(id), components },
      'session',
      options.prepareCache,
    );
  };
}

async function listSavedSessions(
  options: NormalizedNodeOptions,
  operation: string,
  address: string,
  limit: number,
): Promise<Result<ResourceOutcome>> {
  const root = options.sessionsDirectory;
  const realRoot = realRootOf(root);
  const entries: ListingEntry[] = [];
  const roots: SearchRoot[] = [];
  const mappings: PathMapping[] = [];
  let truncated = false;
  if (realRoot !== undefined) {
    const names = (await readdir(realRoot, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const name of names) {
      const history = resolveContained(root, [name, 'history'], address, realRoot);
      if (!history.success || history.value.kind !== 'exists' || !history.value.stats.isDirectory())
        continue;
      const child = appendToAddress('history://saved', [name]);
      if (entries.length >= limit) {
        truncated = true;
        break;
      }
      entries.push({ address: child, kind: 'directory' });
      roots.push({ backingPath: history.value.real, address: child });
      mappings.push({ backingPath: history.value.real, address: child });
      mappings.push({ backingPath: path.join(root, name, 'history'), address: child });
    }
  }
  if (operation === 'read') return ok({ kind: 'listing', address, entries, truncated });
  mappings.push({ backingPath: root, address });
  return ok({
    kind: 'search',
    address,
    roots,
    include: [],
    rewriter: createPathRewriter(mappings),
  });
}

/** `history://saved[/SESSION[/SEGMENT…]]`: the session store's saved transcripts. */
export function savedHistoryHandler(
  options: NormalizedNodeOptions,
): FamilyHandler<SavedHistoryAddress> {
  const savedTree = treesBySession((session) => ({
    root: path.join(options.sessionsDirectory, session, 'history'),
    address: appendToAddress('history://saved', [session]),
    media: false,
  }));
  return (request) => {
    const { path: parts } = request.address;
    const { operation, authored } = request;
    if (parts.length === 0) {
      return ok({
        scope: 'workspace',
        execute: (limits) => listSavedSessions(options, operation, authored, limits.listLimit),
      });
    }
    const session = parts[0]!;
    // The session component is model-chosen, so its history directory must stay in the store.
    const check = precheckContainment(
      options.prepareCache,
      options.sessionsDirectory,
      [session, 'history'],
      authored,
    );
    if (!check.success) return check;
    const tree = savedTree(session);
    const target = { tree, components: parts.slice(1) };
    const prepared = prepareTree(request, target, 'workspace', options.prepareCache);
    if (!prepared.success) return prepared;
    return ok({
      scope: 'workspace',
      execute: async (limits) => {
        const again = resolveContained(options.sessionsDirectory, [session, 'history'], authored);
        if (!again.success) return again;
        return prepared.value.execute(limits);
      },
    });
  };
}
