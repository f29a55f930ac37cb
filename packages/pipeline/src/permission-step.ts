import type { PreHookVerdict } from './hook-steps.js';
import { copyJson } from './json.js';
import {
  answeredProvenance,
  type PermissionProvenance,
  provenanceOf,
} from './permissions/provenance.js';
import type { PermissionAnswer, PermissionFacts, PermissionVerdict } from './permissions/types.js';
import { emit } from './pipeline-core.js';
import type { ToolCallRun } from './run-tool.js';
import type { Tool } from './tool-types.js';

type Approval = {
  source: string;
  outcome: 'allow-once' | 'allow-session' | 'allow-always' | 'allow';
  reason: string;
};

function approve(run: ToolCallRun, approval: Approval, permission: PermissionProvenance): true {
  run.permission = permission;
  if (run.core.listeners.length > 0) {
    emit(run.core, () => ({
      type: 'permission-approved',
      ...run.identity(),
      approval: { ...approval },
      permission,
    }));
  }
  return true;
}

function deny(run: ToolCallRun, permission: PermissionProvenance, message: string): false {
  run.permission = permission;
  run.fail('denied', message);
  return false;
}

/** Why the call was asked about: the policy's reason, or a hook that forced the question. */
function askedVerdict(verdict: PermissionVerdict): PermissionVerdict {
  return verdict.decision === 'ask'
    ? verdict
    : { ...verdict, reason: 'a PreToolUse hook asked for confirmation' };
}

function remember(
  run: ToolCallRun,
  tool: Tool,
  facts: PermissionFacts,
  action: 'allow' | 'deny',
  scope: 'always' | 'session',
): void {
  for (const rule of run.core.policy.rememberedRules(tool, facts, action)) {
    run.core.policy.add(rule);
    try {
      run.core.onRuleAdded?.(rule, scope);
    } catch (error) {
      run.warn(`onRuleAdded failed: ${(error as Error)?.message ?? String(error)}`);
    }
  }
}

function settleAnswer(
  run: ToolCallRun,
  tool: Tool,
  facts: PermissionFacts,
  verdict: PermissionVerdict,
  answer: PermissionAnswer,
): boolean {
  if (run.settled) return false;
  const asked = askedVerdict(verdict);
  if (answer === 'allow-once' || answer === 'allow-always' || answer === 'allow-session') {
    const scope =
      answer === 'allow-always' ? 'always' : answer === 'allow-session' ? 'session' : '';
    if (scope !== '') remember(run, tool, facts, 'allow', scope as 'always' | 'session');
    const reason = scope === '' ? 'approved once' : `approved ${scope}`;
    return approve(
      run,
      { source: 'user', outcome: answer, reason },
      answeredProvenance(asked, { decision: 'allow', source: 'user', reason, answer }),
    );
  }
  if (answer === 'deny-session') remember(run, tool, facts, 'deny', 'session');
  if (
    typeof answer === 'object' &&
    answer !== null &&
    answer.outcome === 'allow-once' &&
    typeof answer.source === 'string'
  ) {
    const record = {
      source: answer.source,
      outcome: 'allow-once' as const,
      reason: String(answer.reason),
    };
    run.addApproval(record);
    return approve(
      run,
      record,
      answeredProvenance(asked, {
        decision: 'allow',
        source: 'reviewer',
        reason: record.reason,
        answer: 'allow-once',
        reviewer: answer.source,
      }),
    );
  }
  const reason =
    typeof answer === 'object' &&
    answer !== null &&
    answer.outcome === 'deny' &&
    answer.reason !== undefined
      ? answer.reason
      : 'the user declined';
  return deny(
    run,
    answeredProvenance(asked, {
      decision: 'deny',
      source: 'user',
      reason,
      answer: typeof answer === 'string' ? answer : 'deny',
    }),
    `Permission denied: ${reason}.`,
  );
}

function notifyWait(run: ToolCallRun, waiting: boolean): void {
  run.notifyPersonWait(waiting);
}

async function ask(
  run: ToolCallRun,
  tool: Tool,
  facts: PermissionFacts,
  verdict: PermissionVerdict,
): Promise<boolean> {
  const asker = run.core.asker;
  if (asker === undefined) {
    return deny(
      run,
      answeredProvenance(askedVerdict(verdict), {
        decision: 'deny',
        source: verdict.source ?? 'mode',
        reason: 'approval is required and no one can be asked',
      }),
      `Permission denied: approval is required (${verdict.reason}) and no one can be asked.`,
    );
  }
  let answer: PermissionAnswer;
  // The wait ends with the answer or with the call's cancellation, whichever comes first.
  let waiting = true;
  const stopWaiting = (): void => {
    if (!waiting) return;
    waiting = false;
    notifyWait(run, false);
  };
  notifyWait(run, true);
  run.context.onCancel(stopWaiting);
  try {
    answer = await asker({
      toolName: tool.name,
      toolUseId: run.toolUseId,
      parentId: run.parentId,
      source: run.source,
      input: copyJson(run.input) as Record<string, unknown>,
      facts: copyJson({ ...facts, paths: facts.paths.map((entry) => ({ ...entry })) }),
      reason: verdict.reason,
      ...(verdict.segment === undefined ? {} : { segment: copyJson(verdict.segment) }),
      signal: run.context.signal,
    });
  } catch (error) {
    stopWaiting();
    if (run.settled) return false;
    const message = (error as Error)?.message ?? String(error);
    return deny(
      run,
      answeredProvenance(askedVerdict(verdict), {
        decision: 'deny',
        source: 'user',
        reason: `the permission prompt failed (${message})`,
      }),
      `Permission denied: the permission prompt failed (${message}).`,
    );
  }
  stopWaiting();
  return settleAnswer(run, tool, facts, verdict, answer);
}

/**
 * Decides permission: any deny wins; a hook allow skips a prompt (recorded as an automatic
 * approval) but never beats a deny; `ask` goes to the injected asker.
 */
export function decidePermission(
  run: ToolCallRun,
  tool: Tool,
  facts: PermissionFacts,
  pre: PreHookVerdict | undefined,
): boolean | Promise<boolean> {
  const verdict = run.core.policy.decide(tool, facts);
  if (verdict.decision === 'deny') {
    return deny(run, provenanceOf(verdict), `Permission denied: ${verdict.reason}.`);
  }
  const mustAsk = verdict.decision === 'ask' || pre?.forceAsk === true;
  if (!mustAsk) {
    // The hot path: a rule's or the mode's provenance is shared, and without listeners there
    // is nothing to publish, so nothing is allocated.
    const permission = provenanceOf(verdict);
    if (run.core.listeners.length === 0) {
      run.permission = permission;
      return true;
    }
    return approve(run, { source: 'rule', outcome: 'allow', reason: verdict.reason }, permission);
  }
  if (pre?.allowReason !== undefined && !pre.forceAsk) {
    const record = { source: 'hook', outcome: 'allow-once' as const, reason: pre.allowReason };
    run.addApproval(record);
    return approve(
      run,
      record,
      answeredProvenance(verdict, { decision: 'allow', source: 'hook', reason: pre.allowReason }),
    );
  }
  return ask(run, tool, facts, verdict);
}
