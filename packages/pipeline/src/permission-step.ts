import type { PreHookVerdict } from './hook-steps.js';
import { copyJson } from './json.js';
import type { PermissionAnswer, PermissionFacts, PermissionVerdict } from './permissions/types.js';
import { emit } from './pipeline-core.js';
import type { ToolCallRun } from './run-tool.js';
import type { Tool } from './tool-types.js';

type Approval = {
  source: string;
  outcome: 'allow-once' | 'allow-session' | 'allow-always' | 'allow';
  reason: string;
};

function approve(run: ToolCallRun, approval: Approval): true {
  if (run.core.listeners.length > 0) {
    emit(run.core, () => ({
      type: 'permission-approved',
      ...run.identity(),
      approval: { ...approval },
    }));
  }
  return true;
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
  answer: PermissionAnswer,
): boolean {
  if (run.settled) return false;
  if (answer === 'allow-once')
    return approve(run, { source: 'user', outcome: 'allow-once', reason: 'approved once' });
  if (answer === 'allow-always' || answer === 'allow-session') {
    const scope = answer === 'allow-always' ? 'always' : 'session';
    remember(run, tool, facts, 'allow', scope);
    return approve(run, { source: 'user', outcome: answer, reason: `approved ${scope}` });
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
    return approve(run, record);
  }
  const reason =
    typeof answer === 'object' &&
    answer !== null &&
    answer.outcome === 'deny' &&
    answer.reason !== undefined
      ? answer.reason
      : 'the user declined';
  run.fail('denied', `Permission denied: ${reason}.`);
  return false;
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
    run.fail(
      'denied',
      `Permission denied: approval is required (${verdict.reason}) and no one can be asked.`,
    );
    return false;
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
    if (!run.settled)
      run.fail(
        'denied',
        `Permission denied: the permission prompt failed (${(error as Error)?.message ?? String(error)}).`,
      );
    return false;
  }
  stopWaiting();
  return settleAnswer(run, tool, facts, answer);
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
    run.fail('denied', `Permission denied: ${verdict.reason}.`);
    return false;
  }
  const mustAsk = verdict.decision === 'ask' || pre?.forceAsk === true;
  if (!mustAsk) {
    // The hot path: without listeners there is nothing to publish, so nothing is allocated.
    if (run.core.listeners.length === 0) return true;
    return approve(run, { source: 'rule', outcome: 'allow', reason: verdict.reason });
  }
  if (pre?.allowReason !== undefined && !pre.forceAsk) {
    const record = { source: 'hook', outcome: 'allow-once' as const, reason: pre.allowReason };
    run.addApproval(record);
    return approve(run, record);
  }
  return ask(run, tool, facts, verdict);
}
