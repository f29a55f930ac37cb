import type { CallOrigin, CallSource } from './tool-types.js';

/** The tool events a hook can observe. */
export type HookEvent = 'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure';

/** Session facts copied into every hook input (Claude Code hook convention, snake_case). */
export interface HookSession {
  readonly session_id?: string;
  readonly transcript_path?: string;
  readonly cwd?: string;
  readonly workspace_root?: string;
  readonly model?: string;
  readonly turn_id?: string;
}

/** What a hook receives, as JSON on stdin for command hooks. */
export interface HookInput extends HookSession {
  readonly hook_event_name: HookEvent;
  readonly origin: CallOrigin;
  readonly source: CallSource;
  readonly tool_name: string;
  readonly tool_use_id: string;
  readonly parent_tool_use_id?: string;
  readonly tool_input: unknown;
  /** Post events: the handler's result before persistence. */
  readonly raw_result?: unknown;
  /** Post events: the model-visible result (`result` is an alias). */
  readonly tool_response?: unknown;
  readonly result?: unknown;
  /** Failure events: the error text. */
  readonly error?: string;
}

/** A hook's decision, as JSON on stdout for command hooks; every field is optional. */
export interface HookDecision {
  /** `false` stops the call (pre) or blocks the result (post). */
  readonly continue?: boolean;
  readonly stop_reason?: string;
  readonly system_message?: string;
  readonly additional_context?: string;
  readonly permission_decision?: 'allow' | 'deny' | 'ask';
  readonly permission_reason?: string;
  readonly updated_input?: unknown;
  readonly updated_result?: unknown;
}

/** Runs one hook; returning nothing means no decision. A throw fails the tool call. */
export type HookRunner = (
  input: HookInput,
  options: { readonly signal: AbortSignal },
) => HookDecision | undefined | PromiseLike<HookDecision | undefined>;

/** A hook bound to an event and a tool matcher (empty/`*` all, `A|B` names, else a regexp). */
export interface HookRegistration {
  readonly event: HookEvent;
  readonly matcher?: string;
  readonly run: HookRunner;
  /** A label used in failure messages. */
  readonly name?: string;
}
