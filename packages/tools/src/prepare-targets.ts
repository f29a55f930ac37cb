import type { ResourcePreparer } from '@toolcall/pipeline';
import { isAddressLike, type ResourceOperation, type ResourceResolver } from '@toolcall/resources';
import { absolutePath, markTarget } from './file-target.js';

const OPERATIONS: Readonly<Record<string, ResourceOperation>> = {
  Read: 'read',
  Glob: 'glob',
  Grep: 'grep',
  ApplyPatch: 'apply-patch',
};

/**
 * The pipeline's resource step for the file tools: a plain path becomes an absolute path
 * target, an address is prepared (grammar, matrix, containment) without reading content.
 */
export function createTargetPreparer(options: {
  readonly cwd: string;
  readonly resources: ResourceResolver | undefined;
  readonly sessionId: string | undefined;
}): ResourcePreparer {
  return {
    prepare({ toolName, value, kind }) {
      if (kind === 'path-or-resource' && isAddressLike(value)) {
        const operation = OPERATIONS[toolName] ?? 'read';
        if (options.resources === undefined) {
          return { success: false, message: `resource addresses are not available here: ${value}` };
        }
        const prepared = options.resources.prepare(operation, value, {
          sessionId: options.sessionId,
        });
        if (!prepared.success) return { success: false, message: prepared.error.message };
        return {
          success: true,
          value: markTarget({ kind: 'resource', attempt: prepared.value.attempt, shown: value }),
        };
      }
      return {
        success: true,
        value: markTarget({ kind: 'path', path: absolutePath(options.cwd, value), shown: value }),
      };
    },
  };
}
