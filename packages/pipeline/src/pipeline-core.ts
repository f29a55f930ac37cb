import type { PipelineEvent, PipelineListener, TelemetryRecord } from './events.js';
import type { HookRegistration, HookSession } from './hook-types.js';
import { compileMatcher, type NameMatcher } from './matcher.js';
import type { PermissionPolicy } from './permissions/policy.js';
import type { PermissionAsker, PermissionRule } from './permissions/types.js';
import type { MediaSink, ResourcePreparer } from './ports.js';
import type { RepairLog } from './repair-log.js';
import type { TurnSnapshots } from './snapshots.js';
import type { Tool } from './tool-types.js';

/** A hook with its matcher compiled. */
export interface CompiledHook {
  readonly registration: HookRegistration;
  readonly matches: NameMatcher;
  readonly label: string;
}

/** The hooks that apply to one tool, by event. */
export interface ToolHooks {
  readonly pre: readonly CompiledHook[];
  readonly post: readonly CompiledHook[];
  readonly failure: readonly CompiledHook[];
}

const NO_HOOKS: ToolHooks = Object.freeze({ pre: [], post: [], failure: [] });
const HOOK_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure']);

/** Compiles hook registrations once; throws TypeError on a malformed one. */
export function compileHooks(hooks: readonly HookRegistration[]): CompiledHook[] {
  return hooks.map((registration, index) => {
    if (typeof registration !== 'object' || registration === null) {
      throw new TypeError(`hooks[${index}]: expected { event, matcher?, run }`);
    }
    if (!HOOK_EVENTS.has(registration.event)) {
      throw new TypeError(
        `hooks[${index}].event: expected PreToolUse, PostToolUse or PostToolUseFailure, received ${String(registration.event)}`,
      );
    }
    if (typeof registration.run !== 'function') {
      throw new TypeError(`hooks[${index}].run: expected a function`);
    }
    return {
      registration,
      matches: compileMatcher(registration.matcher),
      label: registration.name ?? `#${index + 1}`,
    };
  });
}

/** Options normalized once at `createPipeline`, shared by every run. */
export interface PipelineCore {
  readonly tools: Map<string, Tool>;
  readonly policy: PermissionPolicy;
  readonly asker: PermissionAsker | undefined;
  readonly onRuleAdded: ((rule: PermissionRule, scope: 'always' | 'session') => void) | undefined;
  readonly hooks: readonly CompiledHook[];
  readonly hookCache: Map<string, ToolHooks>;
  readonly hookSession: HookSession;
  readonly resources: ResourcePreparer | undefined;
  readonly media: MediaSink | undefined;
  readonly snapshots: TurnSnapshots | undefined;
  readonly repair: boolean;
  readonly repairLog: RepairLog;
  readonly telemetry: ((record: TelemetryRecord) => void) | undefined;
  readonly now: () => number;
  readonly listeners: PipelineListener[];
  readonly onWarning: ((message: string) => void) | undefined;
}

/** The hooks that match `toolName`, computed once per tool name. */
export function hooksFor(core: PipelineCore, toolName: string): ToolHooks {
  if (core.hooks.length === 0) return NO_HOOKS;
  let found = core.hookCache.get(toolName);
  if (found === undefined) {
    const matching = core.hooks.filter((hook) => hook.matches(toolName));
    const of = (event: string) => matching.filter((hook) => hook.registration.event === event);
    found = { pre: of('PreToolUse'), post: of('PostToolUse'), failure: of('PostToolUseFailure') };
    core.hookCache.set(toolName, found);
  }
  return found;
}

/** Delivers a fresh copy of the event to each listener; a throwing listener becomes a warning. */
export function emit(core: PipelineCore, makeEvent: () => PipelineEvent): void {
  for (const listener of core.listeners.slice()) {
    try {
      listener(makeEvent());
    } catch (error) {
      core.onWarning?.(
        `A pipeline event listener threw: ${(error as Error)?.message ?? String(error)}`,
      );
    }
  }
}
