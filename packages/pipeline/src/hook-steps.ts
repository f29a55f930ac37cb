import { withDefaults } from './call-utils.js';
import { validatorFor } from './compile-validator.js';
import type { PipelineError } from './errors.js';
import type { HookDecision, HookEvent, HookInput } from './hook-types.js';
import { copyJson, isPlainObject, type JsonObject } from './json.js';
import type { CompiledHook } from './pipeline-core.js';
import type { ToolCallRun } from './run-tool.js';
import type { MediaInput, MediaReference, Tool } from './tool-types.js';
import { formatInvalidInput } from './validation-issues.js';

/** What PreToolUse hooks decided about permission. */
export interface PreHookVerdict {
  /** Set when a hook allowed the call: the reason, recorded if it skips a prompt. */
  readonly allowReason: string | undefined;
  readonly forceAsk: boolean;
}

function hookInput(run: ToolCallRun, event: HookEvent, extra: Partial<HookInput>): HookInput {
  return {
    ...run.core.hookSession,
    hook_event_name: event,
    origin: run.origin,
    source: run.source,
    tool_name: run.name,
    tool_use_id: run.toolUseId,
    ...(run.parentId === undefined ? {} : { parent_tool_use_id: run.parentId }),
    tool_input: copyJson(run.input),
    ...extra,
  };
}

/** Runs one hook; settles the call as hook-failed and returns null when it throws or misbehaves. */
async function decide(
  run: ToolCallRun,
  hook: CompiledHook,
  input: HookInput,
): Promise<HookDecision | undefined | null> {
  let decision: unknown;
  try {
    decision = await hook.registration.run(input, { signal: run.context.signal });
  } catch (error) {
    if (!run.settled) {
      run.fail(
        'hook-failed',
        `${input.hook_event_name} hook ${hook.label} failed: ${(error as Error)?.message ?? String(error)}`,
      );
    }
    return null;
  }
  if (run.settled) return null;
  if (decision === undefined || decision === null) return undefined;
  const reserved = isPlainObject(decision) && 'suppress_output' in decision;
  if (!isPlainObject(decision) || reserved) {
    const why = reserved ? ' (suppress_output is reserved)' : '';
    run.fail(
      'hook-failed',
      `${input.hook_event_name} hook ${hook.label} returned an invalid decision${why}.`,
    );
    return null;
  }
  const context = decision.additional_context;
  if (typeof context === 'string' && context !== '') run.addContext(context);
  return decision as HookDecision;
}

/** Runs PreToolUse hooks serially: deny or stop ends the call; a rewrite is validated, never repaired. */
export async function runPreHooks(
  run: ToolCallRun,
  tool: Tool,
  hooks: readonly CompiledHook[],
): Promise<PreHookVerdict | undefined> {
  let allowReason: string | undefined;
  let forceAsk = false;
  for (const hook of hooks) {
    const decision = await decide(run, hook, hookInput(run, 'PreToolUse', {}));
    if (decision === null) return undefined;
    if (decision === undefined) continue;
    if (decision.continue === false) {
      run.permission = Object.freeze({
        decision: 'deny',
        source: 'hook',
        reason: `stopped: ${decision.stop_reason ?? 'no reason given'}`,
      });
      run.fail(
        'denied',
        `PreToolUse hook stopped the call: ${decision.stop_reason ?? 'no reason given'}.`,
      );
      return undefined;
    }
    if (decision.permission_decision === 'deny') {
      run.permission = Object.freeze({
        decision: 'deny',
        source: 'hook',
        reason: decision.permission_reason ?? 'no reason given',
      });
      run.fail(
        'denied',
        `PreToolUse hook denied the call: ${decision.permission_reason ?? 'no reason given'}.`,
      );
      return undefined;
    }
    if ('updated_input' in decision) {
      const issues = validatorFor(tool)(decision.updated_input);
      if (issues !== undefined) {
        const text = formatInvalidInput(tool.name, issues);
        run.fail('invalid-arguments', text, { result: text });
        return undefined;
      }
      run.input = withDefaults(tool, copyJson(decision.updated_input) as Record<string, unknown>);
    }
    if (decision.permission_decision === 'allow') {
      allowReason ??=
        decision.permission_reason ?? `PreToolUse hook ${hook.label} allowed the call`;
    } else if (decision.permission_decision === 'ask') {
      forceAsk = true;
    }
  }
  return { allowReason, forceAsk };
}

/** The handler-boundary result as post hooks see and may change it. */
export interface PostParts {
  status: 'success' | 'error';
  error: PipelineError | undefined;
  result: unknown;
  rawResult: unknown;
  renderData: JsonObject | undefined;
  media: readonly (MediaInput | MediaReference)[];
}

/** Runs PostToolUse or PostToolUseFailure hooks: replace the result, block it, add context. */
export async function runPostHooks(
  run: ToolCallRun,
  _tool: Tool,
  hooks: readonly CompiledHook[],
  parts: PostParts,
): Promise<PostParts | undefined> {
  let current = parts;
  const event: HookEvent = parts.status === 'success' ? 'PostToolUse' : 'PostToolUseFailure';
  for (const hook of hooks) {
    const extra: Partial<HookInput> = {
      raw_result: copyJson(current.rawResult),
      tool_response: copyJson(current.result),
      result: copyJson(current.result),
      ...(current.error === undefined ? {} : { error: current.error.message }),
    };
    const decision = await decide(run, hook, hookInput(run, event, extra));
    if (decision === null) return undefined;
    if (decision === undefined) continue;
    if ('updated_result' in decision) current = { ...current, result: decision.updated_result };
    if (
      event === 'PostToolUse' &&
      (decision.continue === false || decision.permission_decision === 'deny')
    ) {
      const reason = decision.stop_reason ?? decision.permission_reason ?? 'no reason given';
      run.fail('hook-blocked', `PostToolUse hook blocked the result: ${reason}.`, {
        rawResult: current.rawResult,
      });
      return undefined;
    }
  }
  return current;
}
