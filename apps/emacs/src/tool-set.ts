import type {
  HookRegistration,
  MediaReference,
  PermissionAsker,
  PermissionMode,
  PermissionRule,
  Pipeline,
  Tool,
  ToolCallCheckpoint,
  ToolCallProgress,
} from '@toolcall/pipeline';
import type { RendererRegistry } from '@toolcall/render';
import {
  type AskUser,
  createToolSet,
  type PatchReviewer,
  privateHostsAllowedByRules,
  type Session,
  type ToolSet,
  type ToolSetToolCallOptions,
} from '@toolcall/tools';
import { type DeliveredMedia, deliverMedia } from './delivered-media.js';

/** What the bridge needs to build its tools: the person-facing ports and the session. */
export interface ToolSetOptions {
  /** The session of the workspace: its stores, its checkpoints and where its files go. */
  session: Session;
  mode: PermissionMode;
  asker: PermissionAsker;
  askUser: AskUser;
  /** Reviews an ApplyPatch that would ask per file and hunk; without it, it is one question. */
  reviewPatch?: PatchReviewer | undefined;
  /** Permission rules beside the mode (default none); allow-always answers add more. */
  rules?: readonly PermissionRule[];
  /** Tools hosted by Emacs and tools from `--tools-module` (one named like a built-in replaces it). */
  extraTools: readonly Tool[];
  /** Tools Emacs defined that run only as a whole script, never inside a composed one. */
  standaloneOnly?: readonly string[];
  /** ToolCall's driver settings: parallelism, budgets, Returned-row threshold. */
  toolCall?: Pick<ToolSetToolCallOptions, 'parallelism' | 'limits' | 'returnedLineThreshold'>;
  onProgress: (progress: ToolCallProgress) => void;
}

/** The wired pipeline, ToolCall's journals and settlements, media, and how to stop its tools. */
export interface BridgeToolSet {
  pipeline: Pipeline;
  /** The process manager behind Bash and Monitor: the bridge's process cockpit reads it. */
  exec: ToolSet['exec'];
  /** Every tool's renderer, ToolCall's included: the view's rows are drawn with them. */
  renderers: RendererRegistry;
  /** Background events (Monitor lines, yielded commands' ends) for the model and the view. */
  events: ToolSet['events'];
  /** Running checkpoints of the scripts in flight (their live audits, queued calls included). */
  journals(): ToolCallCheckpoint[];
  /** Emacs has the outcome of script `envelopeId`: its checkpoint goes, its settlement commits. */
  settle(envelopeId: string): Promise<void>;
  /** The media a result references, read back from the session for Emacs. */
  media(references: readonly MediaReference[]): Promise<DeliveredMedia[]>;
  close(): Promise<void>;
}

// EmacsEval runs arbitrary code in the user's editor: it asks even in full-auto mode.
const alwaysAsk: HookRegistration = {
  event: 'PreToolUse',
  matcher: 'EmacsEval',
  run: () => ({ permission_decision: 'ask', permission_reason: 'EmacsEval always asks' }),
};

// Whether a rule's tool matcher names `tool` outright: every tool, or a list of exact names.
function namesTool(matcher: string | undefined, tool: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  return /^[A-Za-z0-9_|/.-]+$/.test(matcher) && matcher.split('|').includes(tool);
}

/** Whether an allow rule names exactly this variable or buffer (no glob; escapes undone). */
function namedByAllowRule(rules: readonly PermissionRule[], tool: string, name: string): boolean {
  return rules.some(
    (rule) =>
      rule.action === 'allow' &&
      typeof rule.name === 'string' &&
      !/(^|[^\\])[*?]/.test(rule.name) &&
      rule.name.replace(/\\(.)/g, '$1') === name &&
      namesTool(rule.tool, tool),
  );
}

/**
 * Reads that can carry secrets ask in ask and edits mode, whatever generic rules allow: a
 * variable's value (EmacsDescribe) and a buffer's text (EmacsBuffers with `buffer`). Only a
 * rule naming the exact symbol or buffer (an allow-always answer adds one) skips the question;
 * a deny rule still wins. The pipeline's coming `permission.mustAsk` replaces this hook.
 */
function secretReadsAsk(mode: PermissionMode, rules: () => readonly PermissionRule[]) {
  return {
    event: 'PreToolUse',
    matcher: 'EmacsDescribe|EmacsBuffers',
    name: 'secret-bearing Emacs reads',
    run: (input) => {
      if (mode === 'full-auto') return undefined;
      const args = (input.tool_input ?? {}) as Record<string, unknown>;
      const name = input.tool_name === 'EmacsDescribe' ? args.symbol : args.buffer;
      if (typeof name !== 'string' || name === '') return undefined;
      if (namedByAllowRule(rules(), input.tool_name, name)) return undefined;
      return {
        permission_decision: 'ask',
        permission_reason: `${input.tool_name} of ${name} may reveal a secret`,
      };
    },
  } satisfies HookRegistration;
}

/**
 * Builds the bridge's tools on `createToolSet`: its file, execution, navigation and web tools,
 * Ask through Emacs, and the tools Emacs hosts, every one callable from a ToolCall script.
 */
export function createBridgeToolSet(options: ToolSetOptions): BridgeToolSet {
  const standalone = new Set(options.standaloneOnly ?? []);
  const { session } = options;
  // Read lazily: the hook runs after the set exists, and sees rules added by answers.
  let pipeline: Pipeline | undefined;
  // The session supplies the artifact store (oversized output), the media sink and the
  // checkpoints; Emacs is told the outcome before a script's settlement is committed, so a
  // bridge killed in between leaves the script's final audit as a running checkpoint,
  // recovered as interrupted when the next bridge starts.
  const set = createToolSet(
    session.toolSetOptions({
      permissions: { mode: options.mode, rules: options.rules ?? [] },
      askUser: options.asker,
      askQuestions: options.askUser,
      ...(options.reviewPatch === undefined ? {} : { reviewPatch: options.reviewPatch }),
      hooks: [alwaysAsk, secretReadsAsk(options.mode, () => pipeline?.rules() ?? [])],
      // WebFetch reaches a loopback or private host only when an allow rule names it exactly.
      web: {
        fetch: { allowPrivateHosts: privateHostsAllowedByRules(() => pipeline?.rules() ?? []) },
      },
      extraTools: options.extraTools,
      // The editor user chose what to register, so every extra tool is callable from a script,
      extraGroups: ['emacs'],
      native: options.extraTools.map((tool) => tool.name),
      // and the wrapped tools Emacs defined (standalone-only by default) may be composed unless
      // their definition keeps them standalone.
      composable: options.extraTools
        .filter((tool) => tool.wrapped !== undefined && tool.category === 'emacs')
        .map((tool) => tool.name)
        .filter((name) => !standalone.has(name)),
      ...(options.toolCall === undefined ? {} : { toolCall: options.toolCall }),
      onProgress: options.onProgress,
    }),
  );
  session.attach(set);
  pipeline = set.pipeline;
  return {
    pipeline: set.pipeline,
    exec: set.exec,
    renderers: set.renderers,
    events: set.events,
    journals: () => set.toolCallJournals(),
    settle: (envelopeId) => session.settle(envelopeId),
    media: (references) => deliverMedia(session.media, references),
    close: () => set.close(),
  };
}
