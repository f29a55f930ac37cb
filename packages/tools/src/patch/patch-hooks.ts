import type { HandlerContext, HookRegistration } from '@toolcall/pipeline';
import type { ResourceResolver } from '@toolcall/resources';
import { pathsOfPatch } from './patch-paths.js';
import { currentPlanMode, type PlanModeSource, planRefusal } from './plan-mode.js';

/** The reason the review hook records: the per-file/hunk review replaces the permission prompt. */
export const PATCH_REVIEW_REASON =
  'ApplyPatch is reviewed per file and hunk instead of one permission prompt';

/** Whether the pipeline admitted this call on the review hook's approval, so it must be reviewed. */
export function admittedForReview(context: Pick<HandlerContext, 'approvals'>): boolean {
  return context.approvals.some(
    (approval) => approval.source === 'hook' && approval.reason === PATCH_REVIEW_REASON,
  );
}

/** What the ApplyPatch hooks need to know. */
export interface PatchHookOptions {
  /** Present when a harness reviews patches; adds the review hook. */
  readonly review: boolean;
  /** Present when the session has a planning state; adds the Plan-mode gate. */
  readonly planMode?: PlanModeSource | undefined;
  readonly resources?: ResourceResolver | undefined;
  readonly sessionId?: string | undefined;
}

/**
 * The PreToolUse hooks that run ApplyPatch's review and Plan-mode rules before permission, to be
 * registered before a harness's own hooks:
 *
 * - the Plan-mode gate denies a patch the planning state refuses, so nothing is prompted,
 *   reviewed or written;
 * - the review hook allows the call so that an `ask` decision skips the whole-patch prompt;
 *   the pipeline records that approval only when it replaced a prompt, and the handler then
 *   runs the per-file/hunk review instead. A hook allow never beats a deny rule, and a call
 *   a rule already allows is applied directly.
 */
export function createPatchHooks(options: PatchHookOptions): HookRegistration[] {
  const hooks: HookRegistration[] = [];
  if (options.planMode !== undefined) {
    const source = options.planMode;
    hooks.push({
      event: 'PreToolUse',
      matcher: 'ApplyPatch',
      name: 'apply-patch-plan-mode',
      run: (input) => {
        const patch = (input.tool_input as { patch?: unknown } | null)?.patch;
        const paths = typeof patch === 'string' ? pathsOfPatch(patch) : [];
        const refusal = planRefusal(
          currentPlanMode(source),
          paths,
          options.resources,
          options.sessionId,
        );
        return refusal === undefined
          ? undefined
          : { permission_decision: 'deny', permission_reason: refusal };
      },
    });
  }
  if (options.review) {
    hooks.push({
      event: 'PreToolUse',
      matcher: 'ApplyPatch',
      name: 'apply-patch-review',
      run: () => ({ permission_decision: 'allow', permission_reason: PATCH_REVIEW_REASON }),
    });
  }
  return hooks;
}
