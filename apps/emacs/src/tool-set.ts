import { isAbsolute, resolve } from 'node:path';
import type {
  HookRegistration,
  PermissionAsker,
  PermissionMode,
  Pipeline,
  Tool,
  ToolCallProgress,
} from '@toolcall/pipeline';
import { type AskUser, createToolSet } from '@toolcall/tools';

/** What the bridge needs to build its tools: the person-facing ports and the workspace. */
export interface ToolSetOptions {
  workspace: string;
  mode: PermissionMode;
  asker: PermissionAsker;
  askUser: AskUser;
  /** Tools hosted by Emacs and tools from `--tools-module` (one named like a built-in replaces it). */
  extraTools: readonly Tool[];
  onProgress: (progress: ToolCallProgress) => void;
}

/** The wired pipeline and how to stop the processes its tools started. */
export interface BridgeToolSet {
  pipeline: Pipeline;
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
  const set = createToolSet({
    workspace: isAbsolute(options.workspace) ? options.workspace : resolve(options.workspace),
    permissions: { mode: options.mode },
    askUser: options.asker,
    askQuestions: options.askUser,
    hooks: [alwaysAsk],
    extraTools: options.extraTools,
    // The editor user chose what to register, so every extra tool is callable from a script,
    extraGroups: ['emacs'],
    native: options.extraTools.map((tool) => tool.name),
    // and the wrapped tools Emacs defined (standalone-only by default) may be composed.
    composable: options.extraTools
      .filter((tool) => tool.wrapped !== undefined && tool.category === 'emacs')
      .map((tool) => tool.name),
    onProgress: options.onProgress,
  });
  return { pipeline: set.pipeline, close: () => set.close() };
}
