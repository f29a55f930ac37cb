import type { CallSource } from '../tool-types.js';

/** A permission decision. */
export type PermissionDecision = 'allow' | 'ask' | 'deny';

/** A permission rule: a tool matcher, at most one specifier, and an action. */
export interface PermissionRule {
  /** Tool matcher: omitted or `*` = every tool, `A|B` = exact names, else a regexp. */
  readonly tool?: string;
  /** Path glob (`**` spans directories). */
  readonly path?: string;
  /** Command pattern glob (`*` spans anything). */
  readonly pattern?: string;
  /** Domain glob (`*.example.com`). */
  readonly domain?: string;
  /** Name glob for tools that declare a `name` fact. */
  readonly name?: string;
  readonly action: PermissionDecision;
}

/** The fallback policy when no rule decides: `ask` (read-only tools are allowed), `edits`, or `full-auto`. */
export type PermissionMode = 'ask' | 'edits' | 'full-auto';

/** The facts a call exposes to permission rules, drawn from its validated arguments. */
export interface PermissionFacts {
  readonly paths: readonly { readonly path: string; readonly access: 'read' | 'write' }[];
  readonly pattern: string | undefined;
  readonly domain: string | undefined;
  readonly name: string | undefined;
}

/** A decision with the reason it was reached (rule, mode, or tool metadata). */
export interface PermissionVerdict {
  readonly decision: PermissionDecision;
  readonly reason: string;
}

/** What a `PermissionAsker` is asked; `input` is a copy. */
export interface PermissionRequest {
  readonly toolName: string;
  readonly toolUseId: string;
  readonly parentId: string | undefined;
  readonly source: CallSource;
  readonly input: Readonly<Record<string, unknown>>;
  readonly facts: PermissionFacts;
  readonly reason: string;
  /** Aborts when the call is cancelled while it waits: withdraw the prompt; a late answer is ignored. */
  readonly signal: AbortSignal;
}

/**
 * An asker's answer. `allow-always` and `allow-session` add exact allow rules (reported to
 * `onRuleAdded` with their scope, so a harness can persist `always`); `deny-session` adds
 * deny rules. An automatic reviewer names itself with `source` and gives a `reason`.
 */
export type PermissionAnswer =
  | 'allow-once'
  | 'allow-session'
  | 'allow-always'
  | 'deny'
  | 'deny-once'
  | 'deny-session'
  | { readonly outcome: 'deny'; readonly reason?: string }
  | { readonly outcome: 'allow-once'; readonly source: string; readonly reason: string };

/** Asks the user (or a reviewer) about a call whose decision is `ask`. */
export type PermissionAsker = (
  request: PermissionRequest,
) => PermissionAnswer | PromiseLike<PermissionAnswer>;
