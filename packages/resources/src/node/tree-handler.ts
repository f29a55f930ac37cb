import { ResourceError } from '../errors.js';
import type {
  FamilyPreparation,
  FamilyPrepareRequest,
  ResourceContext,
  ResourceScope,
} from '../family-handler.js';
import { fail, ok, type Result } from '../result.js';
import { executeOnTree, type TreeTarget } from './directory-tree.js';
import { type PrepareCache, precheckContainment } from './prepare-check.js';

/** Prepares a tree-backed address: containment now, the operation after permission. */
export function prepareTree(
  request: FamilyPrepareRequest<unknown>,
  target: TreeTarget,
  scope: ResourceScope,
  cache: PrepareCache,
): Result<FamilyPreparation> {
  const checked = precheckContainment(cache, target.tree.root, target.components, request.authored);
  if (!checked.success) return checked;
  const { operation, authored } = request;
  return ok({ scope, execute: (options) => executeOnTree(target, operation, authored, options) });
}

/** The error for a session-scoped family used without a session. */
export function noSession(address: string): Result<never> {
  return fail(new ResourceError('unavailable', `${address} needs a session`, { address }));
}

/** Validates a session id from the host: one path component. */
export function sessionIdOf(
  context: ResourceContext,
  fallback: string | undefined,
): string | undefined {
  const id = context.sessionId ?? fallback;
  if (id !== undefined && (id === '' || id === '.' || id === '..' || /[/\\\0]/.test(id))) {
    throw new TypeError(
      `Expected sessionId to be one path component, received ${JSON.stringify(id)}`,
    );
  }
  return id;
}
