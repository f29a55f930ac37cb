import { isThenable, messageOf, NO_MEDIA } from './call-utils.js';
import { PipelineError } from './errors.js';
import { copyApprovals } from './events.js';
import { finishCall } from './finish-step.js';
import { classify, normalizeReturn } from './handler-result.js';
import { runPreHooks } from './hook-steps.js';
import { isPlainObject } from './json.js';
import { decidePermission } from './permission-step.js';
import { factsOf } from './permissions/facts.js';
import type { PermissionFacts } from './permissions/types.js';
import { emit, hooksFor } from './pipeline-core.js';
import { prepareResources } from './resource-step.js';
import type { ToolCallRun } from './run-tool.js';
import type { ToolHandler } from './tool-types.js';
import { applyRenderTransform } from './transform-step.js';
import { validateInput } from './validate-step.js';
import { contractOf } from './wrap-tool.js';

const ADDRESS = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

// Checked on every call, so it avoids allocating the key array Object.keys would.
function hasKeys(record: object): boolean {
  for (const _key in record) return true;
  return false;
}

/**
 * Runs the steps of one call in order; each step may settle it early. Every failure, even a
 * programmer's, settles the call as an error: caught here rather than with `.catch`, which
 * cost a promise and a closure per call.
 */
export async function executeCall(run: ToolCallRun): Promise<void> {
  try {
    const core = run.core;
    if (core.listeners.length > 0) emit(core, () => ({ type: 'started', ...run.identity() }));
    const tool = core.tools.get(run.name);
    if (tool === undefined) return run.fail('unknown-tool', `Unknown tool ${run.name}.`);
    let handler = tool.handler as ToolHandler;
    if (tool.wrapped !== undefined) {
      let source: ReturnType<typeof tool.wrapped.resolve>;
      try {
        source = tool.wrapped.resolve();
      } catch (error) {
        return run.fail(
          'handler-failed',
          `The source of ${tool.name} is unavailable: ${messageOf(error)}`,
        );
      }
      if (
        !isPlainObject(source?.inputSchema) ||
        contractOf(source.inputSchema) !== tool.wrapped.contract
      ) {
        return run.fail(
          'contract-drift',
          `The input contract of ${tool.name} changed since it was wrapped; re-register the tool before calling it.`,
        );
      }
      handler = source.call;
    }
    if (!validateInput(run, tool)) return;
    const hooks = hooksFor(core, tool.name);
    let pre: Awaited<ReturnType<typeof runPreHooks>> | undefined;
    if (hooks.pre.length > 0) {
      pre = await runPreHooks(run, tool, hooks.pre);
      if (pre === undefined || run.settled) return;
    }
    const args = run.input as Record<string, unknown>;
    if (hasKeys(tool.semantics)) {
      const prepared = prepareResources(run, tool, args);
      const resources = isThenable(prepared) ? await prepared : prepared;
      if (resources === undefined || run.settled) return;
      run.context.resources = resources;
    }
    let facts: PermissionFacts;
    try {
      const found = factsOf(tool, args);
      facts = isThenable(found) ? await found : found;
    } catch (error) {
      // Unknown facts cannot be authorised, so the call is refused rather than guessed.
      return run.fail(
        'denied',
        `Permission denied: the permission facts could not be determined (${messageOf(error)}).`,
      );
    }
    // A cancel while the command analysis loaded settled the call already.
    if (run.settled) return;
    const decided = decidePermission(run, tool, facts, pre);
    const admitted = isThenable(decided) ? await decided : decided;
    if (!admitted || run.settled) return;
    if (run.approvals !== undefined) run.context.approvals = copyApprovals(run.approvals);
    run.context.deniedReadPaths = core.policy.deniedReadPaths(tool);
    if (tool.snapshot && core.snapshots !== undefined) {
      // Resource addresses are not files; their owners track their own history.
      const paths = facts.paths
        .filter((entry) => entry.access === 'write' && !ADDRESS.test(entry.path))
        .map((entry) => entry.path);
      try {
        await core.snapshots.capture(paths);
      } catch (error) {
        return run.fail(
          'handler-failed',
          `Could not capture the before-state: ${messageOf(error)}`,
        );
      }
      if (run.settled) return;
    }
    let returned: unknown;
    try {
      returned = handler(args, run.context);
      if (isThenable(returned)) returned = await returned;
    } catch (error) {
      if (run.settled) return;
      return await finishCall(run, tool, hooks.failure, {
        status: 'error',
        error: new PipelineError('handler-failed', messageOf(error), { cause: error }),
        result: `Error: ${messageOf(error)}`,
        rawResult: undefined,
        renderData: undefined,
        media: [],
      });
    }
    if (run.settled) return;
    if (typeof returned === 'string' && hooks.post.length === 0 && hooks.failure.length === 0) {
      // The common return, a bare string with no hooks: what normalizeReturn and finishCall
      // would do, without their intermediate objects.
      if (classify(returned) === 'error') {
        const error = new PipelineError('handler-failed', returned.replace(/^Error:\s*/, ''));
        return run.settleWith('error', error, returned, returned, undefined, NO_MEDIA);
      }
      const renderData = applyRenderTransform(run, tool, args, returned);
      return run.settleWith('success', undefined, returned, returned, renderData, NO_MEDIA);
    }
    const normalized = normalizeReturn(tool.name, returned);
    if (!normalized.success) {
      return await finishCall(run, tool, hooks.failure, {
        status: 'error',
        error: normalized.error,
        result: `Error: ${normalized.error.message}`,
        rawResult: undefined,
        renderData: undefined,
        media: [],
      });
    }
    const value = normalized.value;
    const renderData =
      value.renderData === undefined && value.status === 'success'
        ? applyRenderTransform(run, tool, args, value.result)
        : value.renderData;
    const error =
      value.status === 'error'
        ? new PipelineError(
            'handler-failed',
            typeof value.result === 'string'
              ? value.result.replace(/^Error:\s*/, '')
              : `${tool.name} failed.`,
          )
        : undefined;
    // Awaited only when hooks or media made it asynchronous, inside the try that settles a crash.
    const finished = finishCall(
      run,
      tool,
      value.status === 'success' ? hooks.post : hooks.failure,
      {
        status: value.status,
        error,
        result: value.result,
        rawResult: value.result,
        renderData,
        media: value.media,
      },
    );
    if (finished !== undefined) await finished;
  } catch (error) {
    run.fail('handler-failed', `The pipeline failed: ${messageOf(error)}`);
  }
}
