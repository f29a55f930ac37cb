import {
  type Catalog,
  createCatalog,
  createPipeline,
  createToolCallDriver,
  createToolCallTool,
  createToolSearchTool,
  type HookRegistration,
  type PermissionAsker,
  type PermissionMode,
  type Pipeline,
  type Tool,
  type ToolCallProgress,
} from '@toolcall/pipeline';
import {
  type AskUser,
  createAskTool,
  createNodeTool,
  createOutlineTool,
  createWebFetchTool,
  createWebSearchTool,
} from '@toolcall/tools';

/** What the bridge needs to build its tools: the person-facing ports and the workspace. */
export interface ToolSetOptions {
  workspace: string;
  mode: PermissionMode;
  asker: PermissionAsker;
  askUser: AskUser;
  /** Tools hosted by Emacs and tools from `--tools-module`. */
  extraTools: readonly Tool[];
  onProgress: (progress: ToolCallProgress) => void;
}

/** The wired pipeline and the catalog a ToolCall script may call. */
export interface BridgeToolSet {
  pipeline: Pipeline;
  catalog: () => Catalog;
}

// EmacsEval runs arbitrary code in the user's editor: it asks even in full-auto mode.
const alwaysAsk: HookRegistration = {
  event: 'PreToolUse',
  matcher: 'EmacsEval',
  run: () => ({ permission_decision: 'ask', permission_reason: 'EmacsEval always asks' }),
};

// The one place that knows which tools exist. When @toolcall/tools ships createToolSet
// (Read, Grep, Glob, Bash, …), replace `baseTools` with its tools and keep the rest.
function baseTools(options: ToolSetOptions, decideNow: Pipeline['decideNow']): Tool[] {
  const cwd = options.workspace;
  return [
    createOutlineTool({ cwd }),
    createNodeTool({ cwd }),
    createWebFetchTool({ decideNow }),
    createWebSearchTool(),
    createAskTool({ askUser: options.askUser }),
  ] as unknown as Tool[];
}

/** Builds the bridge's pipeline with ToolCall and ToolSearch over every registered tool. */
export function createBridgeToolSet(options: ToolSetOptions): BridgeToolSet {
  // WebFetch asks the policy about cross-host redirects through the pipeline built below.
  const decideNow: Pipeline['decideNow'] = (request) => pipeline.decideNow(request);
  const tools = [...baseTools(options, decideNow), ...options.extraTools];
  const pipeline: Pipeline = createPipeline({
    tools,
    mode: options.mode,
    asker: options.asker,
    hooks: [alwaysAsk],
  });
  // Every registered tool is callable from a script: the editor user chose what to register.
  const everything = () =>
    createCatalog({
      tools: pipeline.tools(),
      native: pipeline.tools().map((tool) => tool.name),
      // Tools Emacs defined are wrapped (standalone-only by default); scripts may compose them.
      composable: pipeline
        .tools()
        .filter((tool) => tool.wrapped !== undefined && tool.category === 'emacs')
        .map((tool) => tool.name),
    });
  const driver = createToolCallDriver({
    pipeline,
    parallelism: 4,
    onProgress: options.onProgress,
  });
  pipeline.register(createToolCallTool({ driver, catalog: everything }));
  pipeline.register(createToolSearchTool({ catalog: everything }));
  return { pipeline, catalog: everything };
}
