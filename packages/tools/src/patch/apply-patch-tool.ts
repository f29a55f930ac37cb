import { defineTool, type HandlerContext, type Tool, z } from '@toolcall/pipeline';
import { isAddressLike, type ResourceResolver } from '@toolcall/resources';
import { absolutePath } from '../file-target.js';
import { fileToolRenderers } from '../render/renderers.js';
import { commitChanges } from './commit-changes.js';
import { parsePatch } from './parse-patch.js';
import { admittedForReview } from './patch-hooks.js';
import { pathsOfPatch } from './patch-paths.js';
import {
  acceptedOperations,
  decisionOf,
  type PatchReviewer,
  proposalOf,
  reviewedDetails,
} from './patch-review.js';
import { pathSlot, resourceSlot } from './patch-slot.js';
import type { PatchOperation } from './patch-types.js';
import { checkPlanMode, currentPlanMode, type PlanModeSource, planRefusal } from './plan-mode.js';
import {
  appliedDetails,
  diffsOf,
  loadTargets,
  type PatchTargets,
  type PlannedFile,
  planPatch,
  type SlotResolver,
} from './plan-patch.js';
import { protectedTargetReason } from './protected-targets.js';

export { pathsOfPatch };

const DESCRIPTION = [
  'Applies a patch that adds, deletes, updates or moves files, atomically: every hunk is verified first and any failure leaves every file unchanged.',
  'Format: `*** Begin Patch`, then operations `*** Add File: P` (lines starting with `+`), `*** Delete File: P`, `*** Update File: P` (optional `*** Move to: Q`, then hunks: `@@` or `@@ anchor line` or `@@ N`, lines starting with space (context), `-` (remove) or `+` (add)), then `*** End Patch`.',
  'Paths are relative to the working directory, absolute, or work:// and memory:// addresses. The user may review a patch hunk by hunk (`Rejected:` and `Feedback:` lines report the outcome); in Plan mode only session work:// files may be patched. Full grammar: Read toolcall://tools/applypatch.md.',
].join(' ');

/** Options of the ApplyPatch tool. */
export interface ApplyPatchOptions {
  readonly cwd: string;
  /** The workspace whose protected paths a patch is always asked about (default `cwd`). */
  readonly workspaceRoot?: string | undefined;
  /** More protected paths, relative to the workspace, beside the built-in list. */
  readonly protectedPaths?: readonly string[] | undefined;
  readonly resources?: ResourceResolver | undefined;
  readonly sessionId?: string | undefined;
  /**
   * Reviews a patch per file and hunk when the call was admitted by the review hook
   * (`createPatchHooks`), i.e. when its permission decision would have been `ask`.
   */
  readonly reviewPatch?: PatchReviewer | undefined;
  /** The session's planning state; Plan mode limits ApplyPatch to session `work://` targets. */
  readonly planMode?: PlanModeSource | undefined;
}

type Envelope = {
  result: string;
  status: 'success' | 'error';
  renderData?: { files: { path: string; diff: string }[] };
};

const failed = (message: string): Envelope => ({ result: `Error: ${message}`, status: 'error' });

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

function summary(details: readonly string[]): string {
  const applied = details.filter((line) => line.startsWith('Applied: ')).length;
  return [`Applied patch: ${applied} change${applied === 1 ? '' : 's'}`, ...details].join('\n');
}

async function review(
  reviewer: PatchReviewer,
  operations: readonly PatchOperation[],
  files: readonly PlannedFile[],
  targets: PatchTargets,
  createdDirectories: string[],
  context: HandlerContext,
): Promise<Envelope> {
  const proposal = proposalOf(files, context);
  let decision: ReturnType<typeof decisionOf>;
  try {
    decision = decisionOf(await reviewer(proposal, { signal: context.signal }), proposal);
  } catch (error) {
    return failed(
      `Patch review failed (${(error as Error)?.message ?? String(error)}); no file was changed`,
    );
  }
  if (context.signal.aborted) return failed('The tool call was cancelled; no file was changed');
  const feedback = decision.feedback === undefined ? [] : [`Feedback: ${decision.feedback}`];
  if (decision.revise)
    return { result: ['Patch revision requested', ...feedback].join('\n'), status: 'success' };
  const kept = acceptedOperations(operations, files, decision.files);
  // The accepted part is planned again against the same captured states, so an accepted hunk
  // that relied on a rejected one fails here and nothing is written.
  const plan = planPatch(
    kept.map((entry) => entry.operation),
    targets,
  );
  if (!plan.success) return failed(plan.message);
  const committed = await commitChanges(plan.changes, createdDirectories);
  if (!committed.success) return failed(committed.message);
  const applied = new Map(
    plan.files.map((file, position) => [(kept[position] as { index: number }).index, file]),
  );
  return {
    result: summary([...reviewedDetails(files, decision.files, applied), ...feedback]),
    status: 'success',
    ...(plan.files.length === 0 ? {} : { renderData: { files: diffsOf(plan.files) } }),
  };
}

/** Creates the ApplyPatch tool: the §2 grammar, verified first and committed atomically. */
export function createApplyPatchTool(options: ApplyPatchOptions): Tool {
  if (options.reviewPatch !== undefined && typeof options.reviewPatch !== 'function') {
    throw new TypeError(
      `createApplyPatchTool: reviewPatch must be a function, received ${String(options.reviewPatch)}`,
    );
  }
  const planMode = checkPlanMode(options.planMode, 'createApplyPatchTool');
  const reviewer = options.reviewPatch;
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
    permission: {
      paths: (args) => pathsOfPatch(args.patch),
      planAware: true,
      mustAsk: (args) =>
        protectedTargetReason(args.patch, {
          cwd: options.cwd,
          workspaceRoot: options.workspaceRoot ?? options.cwd,
          extra: options.protectedPaths,
        }),
    },
    handler: async (args, context): Promise<Envelope> => {
      if (args.patch.trim() === '') return failed('Parameter patch is required');
      const parsed = parsePatch(args.patch);
      if (!parsed.success) return failed(parsed.message);
      const operations = parsed.operations;
      // Checked again here: a hook rewrite may have changed the patch after the Plan-mode gate.
      const refusal = planRefusal(
        currentPlanMode(planMode),
        pathsOfPatch(args.patch),
        options.resources,
        options.sessionId,
      );
      if (refusal !== undefined) return failed(refusal);
      const createdDirectories: string[] = [];
      const targets = await loadTargets(operations, slotResolver(options, createdDirectories));
      const plan = planPatch(operations, targets);
      if (!plan.success) return failed(plan.message);
      if (admittedForReview(context)) {
        // The review hook skipped the permission prompt, so without a reviewer nothing is written.
        if (reviewer === undefined)
          return failed(
            'ApplyPatch needs a review but no reviewer is configured; no file was changed',
          );
        return review(reviewer, operations, plan.files, targets, createdDirectories, context);
      }
      const committed = await commitChanges(plan.changes, createdDirectories);
      if (!committed.success) return failed(committed.message);
      return {
        result: summary(appliedDetails(plan.files)),
        status: 'success',
        renderData: { files: diffsOf(plan.files) },
      };
    },
  }) as unknown as Tool;
}
