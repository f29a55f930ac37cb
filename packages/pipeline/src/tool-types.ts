import type { JsonObject, JsonValue } from './json.js';
import type { CommandSegment } from './permissions/types.js';

/** How a call reached the pipeline: straight from a provider, or nested in a ToolCall program. */
export type CallSource = 'direct' | 'ptc';

/** Who produced the arguments; only `model` input is ever repaired. */
export type CallOrigin = 'model' | 'programmatic';

/** The semantic type of a string argument that names a file or resource. */
export interface ArgumentSemantics {
  readonly kind: 'path' | 'path-or-resource';
  readonly access: 'read' | 'write';
}

/**
 * Extractors that turn validated arguments into permission facts. Method syntax keeps a
 * typed tool assignable to `Tool` (the pipeline only calls them with validated arguments).
 */
export interface PermissionExtractors<Args = Record<string, unknown>> {
  path?(args: Args): string | undefined;
  paths?(args: Args): readonly string[];
  pattern?(args: Args): string | undefined;
  domain?(args: Args): string | undefined;
  name?(args: Args): string | undefined;
  /**
   * The simple commands a shell command would run. With it, pattern rules are judged per
   * segment (see docs/permissions.md); a promise is awaited (an analyzer still loading).
   */
  commands?(args: Args): readonly CommandSegment[] | PromiseLike<readonly CommandSegment[]>;
  /**
   * A reason the call must be asked about whatever allow rules or the mode say (a deny
   * still wins); undefined when nothing special.
   */
  mustAsk?(args: Args): string | undefined;
  /**
   * The tool runs shell commands: rules written for `Bash` (`Bash(rm*)`) govern it as they
   * govern Bash, beside rules for its own name.
   */
  readonly shell?: boolean;
  /** The tool enforces plan mode itself, so the policy does not deny it in plan mode. */
  readonly planAware?: boolean;
}

/** Media a handler returns; the pipeline hands it to the injected `MediaSink`. */
export interface MediaInput {
  readonly mimeType: string;
  readonly data: Uint8Array | string;
}

/** An opaque reference to stored media, as the `MediaSink` returned it. */
export interface MediaReference {
  readonly id: string;
  readonly mimeType: string;
}

/**
 * The explicit handler envelope: a result plus optional status, render data and media. A
 * media item may be a reference the sink already returned (a ToolCall direct call hands its
 * child's media on unchanged); references are kept as they are, never stored twice.
 */
export interface HandlerEnvelope {
  readonly result: unknown;
  readonly status?: 'success' | 'error';
  readonly renderData?: JsonObject;
  readonly media?: readonly (MediaInput | MediaReference)[];
}

/** What a handler may return: a bare string result or an envelope. */
export type HandlerReturn = string | HandlerEnvelope;

/** An automatic approval accepted by permission settlement; never shown to a model. */
export interface PermissionApproval {
  readonly source: string;
  readonly outcome: 'allow-once';
  readonly reason: string;
}

/** What a handler receives beside its arguments. */
export interface HandlerContext {
  readonly toolName: string;
  readonly toolUseId: string;
  readonly parentId: string | undefined;
  readonly source: CallSource;
  /** Prepared resources keyed by argument name, as the `ResourcePreparer` returned them. */
  readonly resources: Readonly<Record<string, unknown>>;
  /** Copies of the automatic approvals this call was admitted under. */
  readonly approvals: readonly PermissionApproval[];
  /**
   * Path globs of the deny rules that keep files from this call's reads, as the rules wrote
   * them (match with `compileGlob`): rules for this tool and, for a read-only tool, rules for
   * `Read`. Tools that read files beyond their path arguments (Grep, Glob) withhold matching
   * files. The pipeline always sets it (frozen, shared); absent only when a handler is called
   * outside a pipeline.
   */
  readonly deniedReadPaths?: readonly string[];
  /** Aborts when the call is cancelled. */
  readonly signal: AbortSignal;
  /** Registers cleanup that runs once if the call is cancelled. */
  onCancel(cleanup: () => void): void;
  /**
   * Gives the render data of this call if it is cancelled before it settles (a cancelled call
   * settles at once, without waiting for the handler); the last one registered counts.
   */
  renderOnCancel?(provide: () => unknown): void;
  /**
   * Runs `ask` (which puts a question to a person, like Ask's) and marks the time until its
   * promise settles as spent waiting for that person: a ToolCall script does not count it
   * against its wall-time budget, and its progress shows the call as waiting. Returns what
   * `ask`'s promise gives. Absent only when a handler is called outside a pipeline.
   */
  waitForPerson?<T>(ask: () => PromiseLike<T>): Promise<T>;
}

/** A tool's implementation; it may return its result directly or as a promise. */
export type ToolHandler<Args = Record<string, unknown>> = (
  args: Args,
  context: HandlerContext,
) => HandlerReturn | PromiseLike<HandlerReturn>;

/** Synthesises small render data from a successful string result. */
export type RenderTransform = (input: {
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly result: string;
}) => JsonObject | undefined;

/** The live side of a wrapped tool, resolved again on every call. */
export interface WrappedToolSource {
  /** JSON Schema of the arguments (an MCP SDK `Tool.inputSchema` as it comes); copied as JSON. */
  readonly inputSchema: { readonly [keyword: string]: unknown };
  readonly call: ToolHandler;
}

/**
 * What a tool tells MCP clients (MCP tool annotations), where its pipeline flags would say
 * less or something else: ToolCall is `readOnly` to the pipeline (each nested call is checked
 * on its own) yet may run tools that change files.
 */
export interface ToolAnnotations {
  /** The tool does not change its environment (default: the tool's `readOnly`). */
  readonly readOnlyHint?: boolean;
  /** A change may delete or overwrite data (default: true unless read-only). */
  readonly destructiveHint?: boolean;
  /** Repeating a call with the same arguments has no further effect. */
  readonly idempotentHint?: boolean;
  /** The tool reaches beyond the machine: the web, other services. */
  readonly openWorldHint?: boolean;
}

/** A registered, normalized and frozen tool. */
export interface Tool<Args = Record<string, unknown>> {
  readonly name: string;
  readonly description: string;
  readonly summary: string;
  readonly category: string | undefined;
  readonly groups: readonly string[];
  readonly readOnly: boolean;
  readonly destructive: boolean;
  readonly snapshot: boolean;
  readonly async: boolean;
  readonly maxResultSize: number | undefined;
  /** The tool's own provider JSON Schema (draft-07). */
  readonly inputSchema: JsonObject;
  readonly semantics: Readonly<Record<string, ArgumentSemantics>>;
  readonly defaults: readonly (readonly [string, JsonValue])[];
  readonly permission: PermissionExtractors<Args>;
  /** The implementation; called only with arguments that passed this tool's validator. */
  handler(args: Args, context: HandlerContext): HandlerReturn | PromiseLike<HandlerReturn>;
  readonly renderTransform: RenderTransform | undefined;
  readonly renderer: unknown;
  /** MCP annotations beyond the flags, when the tool declares any. */
  readonly annotations?: ToolAnnotations | undefined;
  /** Present for wrapped tools: the frozen contract and the live source. */
  readonly wrapped:
    | { readonly contract: string; readonly resolve: () => WrappedToolSource }
    | undefined;
}
