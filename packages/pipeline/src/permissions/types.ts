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

/**
 * One simple command a shell command line would run, as a command analyzer sees it (the
 * Bash analyzer of `@toolcall/exec` produces values of this shape).
 */
export interface CommandSegment {
  /** The segment as written. */
  readonly text: string;
  /** The normalised command name (`/bin/rm`, `\rm` and `"rm"` are `rm`); null when unknowable. */
  readonly name: string | null;
  readonly argv: readonly string[] | null;
  /** `argv` joined by single spaces; null when an argument is dynamic. */
  readonly command: string | null;
  /** Proved read-only. */
  readonly readOnly: boolean;
  /** Why the analyzer cannot see through the segment (a variable as command name, `eval` …). */
  readonly opaque?: string;
  /** The wrappers and nesting the segment was found through (`bash -c`, `xargs`, `$(…)` …). */
  readonly via: readonly string[];
}

/** The facts a call exposes to permission rules, drawn from its validated arguments. */
export interface PermissionFacts {
  readonly paths: readonly { readonly path: string; readonly access: 'read' | 'write' }[];
  readonly pattern: string | undefined;
  readonly domain: string | undefined;
  readonly name: string | undefined;
  /** The simple commands of a shell command (`permission.commands`); undefined when not declared. */
  readonly commands?: readonly CommandSegment[] | undefined;
  /** Why the call must be asked about whatever the rules say (`permission.mustAsk`). */
  readonly mustAsk?: string | undefined;
}

/**
 * Where a verdict came from: a `rule`, the `mode` (or the tool's flags under it), the
 * read `scope`, `plan` mode, or a `must-ask` fact of the tool.
 */
export type VerdictSource = 'rule' | 'mode' | 'scope' | 'plan' | 'must-ask';

/** A decision with the reason it was reached (rule, mode, or tool metadata). */
export interface PermissionVerdict {
  readonly decision: PermissionDecision;
  readonly reason: string;
  /** What decided; absent on verdicts built outside a policy. */
  readonly source?: VerdictSource;
  /** The rule that decided, when `source` is `rule`. */
  readonly rule?: PermissionRule;
  /** The command segment that decided, for a call with `commands` facts. */
  readonly segment?: CommandSegment;
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
  /** The command segment the question is about, for a shell command (show it in the prompt). */
  readonly segment?: CommandSegment;
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
