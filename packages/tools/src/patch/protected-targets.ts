import { isProtectedPath } from '@toolcall/exec';
import { isAddressLike } from '@toolcall/resources';
import { absolutePath } from '../file-target.js';
import { pathsOfPatch } from './patch-paths.js';

/**
 * Why a patch must be asked about whatever the rules say: it touches one of the workspace's
 * protected paths (`.toolcall/`, `.git/config`, hooks, editor and agent config, …), the same
 * list confinement keeps read-only for commands. Undefined when it touches none.
 */
export function protectedTargetReason(
  patch: string,
  options: { cwd: string; workspaceRoot: string; extra?: readonly string[] | undefined },
): string | undefined {
  for (const authored of pathsOfPatch(patch)) {
    if (isAddressLike(authored)) continue;
    const target = absolutePath(options.cwd, authored);
    if (isProtectedPath(options.workspaceRoot, target, options.extra)) {
      return `${authored} is a protected path (workspace configuration that runs code or widens authority); a patch to it is always asked`;
    }
  }
  return undefined;
}
