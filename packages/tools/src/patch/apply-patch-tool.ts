import { defineTool, type Tool, z } from '@toolcall/pipeline';
import { isAddressLike, type ResourceResolver } from '@toolcall/resources';
import { absolutePath } from '../file-target.js';
import { fileToolRenderers } from '../render/renderers.js';
import { commitChanges } from './commit-changes.js';
import { parsePatch } from './parse-patch.js';
import { pathSlot, resourceSlot } from './patch-slot.js';
import { planPatch, type SlotResolver } from './plan-patch.js';

const DESCRIPTION = [
  'Applies a patch that adds, deletes, updates or moves files, atomically: every hunk is verified first and any failure leaves every file unchanged.',
  'Format: `*** Begin Patch`, then operations `*** Add File: P` (lines starting with `+`), `*** Delete File: P`, `*** Update File: P` (optional `*** Move to: Q`, then hunks: `@@` or `@@ anchor line` or `@@ N`, lines starting with space (context), `-` (remove) or `+` (add)), then `*** End Patch`.',
  'Paths are relative to the working directory, absolute, or work:// and memory:// addresses. Full grammar: Read toolcall://tools/applypatch.md.',
].join(' ');

/** Options of the ApplyPatch tool. */
export interface ApplyPatchOptions {
  readonly cwd: string;
  readonly resources?: ResourceResolver | undefined;
  readonly sessionId?: string | undefined;
}

/** Every source and destination path a patch names, for permission and snapshots. */
export function pathsOfPatch(patch: string): string[] {
  const parsed = parsePatch(patch);
  if (!parsed.success) return [];
  return parsed.operations.flatMap((operation) =>
    operation.type === 'update' && operation.moveTo !== undefined
      ? [operation.path, operation.moveTo]
      : [operation.path],
  );
}

function slotResolver(options: ApplyPatchOptions, createdDirectories: string[]): SlotResolver {
  return async (authored) => {
    if (!isAddressLike(authored)) {
      return {
        success: true,
        slot: pathSlot(absolutePath(options.cwd, authored), authored, createdDirectories),
      };
    }
    if (options.resources === undefined)
      return { success: false, message: `Resource addresses are not available here: ${authored}` };
    const prepared = options.resources.prepare('apply-patch', authored, {
      sessionId: options.sessionId,
    });
    if (!prepared.success) return { success: false, message: prepared.error.message };
    const executed = await options.resources.execute(prepared.value.attempt);
    if (!executed.success) return { success: false, message: executed.error.message };
    if (executed.value.kind !== 'writable')
      return { success: false, message: `Cannot patch ${authored}` };
    return { success: true, slot: resourceSlot(executed.value.file, authored) };
  };
}

/** Creates the ApplyPatch tool: the §2 grammar, verified first and committed atomically. */
export function createApplyPatchTool(options: ApplyPatchOptions): Tool {
  return defineTool({
    name: 'ApplyPatch',
    renderer: fileToolRenderers.ApplyPatch,
    description: DESCRIPTION,
    async: true,
    snapshot: true,
    groups: ['edit', 'reviewed-edit'],
    args: z.object({
      patch: z.string().describe('The patch text, from *** Begin Patch to *** End Patch.'),
    }),
    permission: { paths: (args) => pathsOfPatch(args.patch) },
    handler: async (args) => {
      const parsed = parsePatch(args.patch);
      if (!parsed.success) return { result: `Error: ${parsed.message}`, status: 'error' as const };
      const createdDirectories: string[] = [];
      const plan = await planPatch(parsed.operations, slotResolver(options, createdDirectories));
      if (!plan.success) return { result: `Error: ${plan.message}`, status: 'error' as const };
      const committed = await commitChanges(plan.changes, createdDirectories);
      if (!committed.success)
        return { result: `Error: ${committed.message}`, status: 'error' as const };
      const applied = plan.details.filter((line) => line.startsWith('Applied: ')).length;
      return {
        result: [
          `Applied patch: ${applied} change${applied === 1 ? '' : 's'}`,
          ...plan.details,
        ].join('\n'),
        status: 'success' as const,
        renderData: { files: plan.diffs },
      };
    },
  }) as unknown as Tool;
}
