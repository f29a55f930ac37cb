import { isAbsolute, resolve } from 'node:path';
import type {
  CheckpointStore,
  CommitOptions,
  HookRegistration,
  PermissionAsker,
  PermissionMode,
  PermissionRule,
  Pipeline,
  Tool,
  ToolCallCheckpoint,
  ToolCallProgress,
} from '@toolcall/pipeline';
import { type AskUser, createToolSet, type ToolSetToolCallOptions } from '@toolcall/tools';

/** What the bridge needs to build its tools: the person-facing ports and the workspace. */
export interface ToolSetOptions {
  workspace: string;
  mode: PermissionMode;
  /** Permission rules, read as every host reads them. */
  rules?: readonly PermissionRule[];
  asker: PermissionAsker;
  askUser: AskUser;
  /** Tools hosted by Emacs and tools from `--tools-module` (one named like a built-in replaces it). */
  extraTools: readonly Tool[];
  /** Tools Emacs defined that run only as a whole script, never inside a composed one. */
  standaloneOnly?: readonly string[];
  /** ToolCall's driver settings: parallelism, budgets, Returned-row threshold. */
  toolCall?: Pick<ToolSetToolCallOptions, 'parallelism' | 'limits' | 'returnedLineThreshold'>;
  /** Where ToolCall checkpoints running scripts; the bridge commits each settlement itself. */
  checkpoints?: CheckpointStore;
  onProgress: (progress: ToolCallProgress) => void;
}

/** The wired pipeline, ToolCall's journals and commits, and how to stop what its tools started. */
export interface BridgeToolSet {
  pipeline: Pipeline;
  /** Running checkpoints of the scripts in flight (their live audits, queued calls included). */
  journals(): ToolCallCheckpoint[];
  /** Commits a script's settlement once Emacs has its outcome (with a checkpoint store). */
  commitToolCall(envelopeId: string, options?: CommitOptions): Promise<void>;
  close(): Promise<void>;
}

// EmacsEval runs arbitrary code in the user's editor: it asks even in full-auto mode.
const alwaysAsk: HookRegistration = {
  event: 'PreToolUse',
  matcher: 'EmacsEval',
  run: () => ({ permission_decision: 'ask', permission_reason: 'EmacsEval always asks' }),
};

/**
 * Builds the bridge's tools on `createToolSet`: its file, execution, navigation and web tools,
 * Ask through Emacs, and the tools Emacs hosts, every one callable from a ToolCall script.
 */
export function createBridgeToolSet(options: ToolSetOptions): BridgeToolSet {
  const standalone = new Set(options.standaloneOnly ?? []);
  const set = createToolSet({
    workspace: isAbsolute(options.workspace) ? options.workspace : resolve(options.workspace),
    permissions: { mode: options.mode, rules: options.rules ?? [] },
    askUser: options.asker,
    askQuestions: options.askUser,
    hooks: [alwaysAsk],
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
    ...(options.checkpoints === undefined ? {} : { checkpoints: options.checkpoints }),
    toolCall: {
      ...options.toolCall,
      // Emacs is told the outcome before the settlement is committed: a bridge killed in
      // between leaves the script's final audit as a running checkpoint, recovered as
      // interrupted when the next bridge starts.
      ...(options.checkpoints === undefined ? {} : { settlementCommit: 'host' as const }),
    },
    onProgress: options.onProgress,
  });
  return {
    pipeline: set.pipeline,
    journals: () => set.toolCallJournals(),
    commitToolCall: (envelopeId, commit) => set.commitToolCall(envelopeId, commit),
    close: () => set.close(),
  };
}
