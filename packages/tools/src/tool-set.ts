import path from 'node:path';
import { createExecManager, type ExecManager, type SandboxMode } from '@toolcall/exec';
import {
  type ArtifactStore,
  type CheckpointStore,
  createCatalog,
  createPipeline,
  createToolCallDriver,
  createToolCallTool,
  createToolSearchTool,
  type HandlerContext,
  type HookRegistration,
  type MediaSink,
  type PermissionAsker,
  type PermissionMode,
  type PermissionRule,
  type Pipeline,
  type Tool,
  type ToolCallProgress,
} from '@toolcall/pipeline';
import { createRendererRegistry, type RendererRegistry } from '@toolcall/render';
import type { ResourceResolver } from '@toolcall/resources';
import { createNodeResources } from '@toolcall/resources/node';
import { type AskUser, createAskTool } from './ask/index.js';
import { createExecutionTools } from './execution/index.js';
import { createFileTools } from './file-tools.js';
import { createNodeTool, createOutlineTool } from './navigation/index.js';
import { createPatchHooks } from './patch/patch-hooks.js';
import type { PatchReviewer } from './patch/patch-review.js';
import { checkPlanMode, type PlanModeSource } from './patch/plan-mode.js';
import { createTargetPreparer } from './prepare-targets.js';
import { ReadMemo } from './read/read-memo.js';
import { fileToolRenderers } from './render/renderers.js';
import { createSnapshotReader } from './snapshot-reader.js';
import {
  type ArtifactBytesStore,
  createWebFetchTool,
  createWebSearchTool,
  pdfSaverFor,
  type WebFetchOptions,
  type WebSearchOptions,
  webRenderers,
} from './web/index.js';

const ROOT_OWNER = '/root';

/** The groups whose tools are discoverable through ToolSearch and callable from ToolCall by default. */
export const DISCOVERABLE_GROUPS = ['execution', 'web', 'navigation', 'interaction'] as const;

/** The native list of the spec; names not registered yet (Bash & co) are skipped by the catalog. */
export const NATIVE_TOOLS = [
  'Read',
  'Bash',
  'WriteStdin',
  'Monitor',
  'Glob',
  'Grep',
  'ApplyPatch',
] as const;

/** Options of `createToolSet`; only `workspace` is required. */
export interface ToolSetOptions {
  /** The workspace root (absolute). */
  readonly workspace: string;
  /** The session: its id scopes `work://`, `artifact://` and `history://saved`; `cwd` defaults to the workspace. */
  readonly session?: { readonly id?: string; readonly cwd?: string };
  /** Confinement of Bash and Monitor when the set creates its own process manager (default `best-effort`). */
  readonly sandbox?: SandboxMode;
  /** Permission mode and rules for the pipeline. */
  readonly permissions?: {
    readonly mode?: PermissionMode;
    readonly rules?: readonly PermissionRule[];
  };
  /** Answers `ask` decisions; without it, `ask` means deny. */
  readonly askUser?: PermissionAsker;
  /**
   * Reviews ApplyPatch per file and hunk instead of `askUser`'s whole-patch prompt whenever its
   * permission decision is `ask` (every patch in `ask` mode unless a rule decides). Without it,
   * such a patch goes to `askUser` as one prompt.
   */
  readonly reviewPatch?: PatchReviewer;
  /** The session's planning state (or a getter read per call): Plan mode limits ApplyPatch. */
  readonly planMode?: PlanModeSource;
  /** A resolver to use instead of `createNodeResources` over the workspace. */
  readonly resources?: ResourceResolver;
  /** Packaged docs served as `toolcall://` (e.g. the repository's `docs/`). */
  readonly docsDirectory?: string;
  readonly hooks?: readonly HookRegistration[];
  readonly media?: MediaSink;
  /**
   * The session's artifact store: oversized results go to `put`. With `putBytes` (durable
   * storage) WebFetch also saves fetched PDFs there, unless `web.fetch.saveArtifact` is given.
   */
  readonly artifacts?: ArtifactStore & Partial<ArtifactBytesStore>;
  /**
   * The session's process manager: Bash & co run through it, and ripgrep and the PDF helpers
   * run confined through it. Without it the set creates one (torn down by `close`) and the
   * helpers are spawned directly.
   */
  readonly exec?: ExecManager;
  /** Where ToolCall journals running scripts (e.g. `createFileCheckpointStore`). */
  readonly checkpoints?: CheckpointStore;
  /** Helper timeout for Glob, Grep and directory listings (default 20 s). */
  readonly searchTimeoutMs?: number;
  /** WebFetch and WebSearch options, or `false` to leave both out. */
  readonly web?:
    | false
    | { readonly fetch?: Omit<WebFetchOptions, 'decideNow'>; readonly search?: WebSearchOptions };
  /** Answers Ask questionnaires; without it the Ask tool is not registered. */
  readonly askQuestions?: AskUser;
  /** Groups whose tools are discoverable (default `DISCOVERABLE_GROUPS`). */
  readonly discoverable?: readonly string[];
  /** Groups made discoverable on top of `discoverable` (e.g. a harness's `upstream` tools). */
  readonly extraGroups?: readonly string[];
  /**
   * Tools registered before ToolSearch and ToolCall; their `groups` decide discoverability. One
   * named like a built-in tool (Read, Bash, …) replaces it.
   */
  readonly extraTools?: readonly Tool[];
  /** Names callable from ToolCall as native tools, on top of `NATIVE_TOOLS`, whatever their groups. */
  readonly native?: readonly string[];
  /** Names admitted for composition in ToolCall (wrapped tools are standalone-only otherwise). */
  readonly composable?: readonly string[];
  /** Receives ToolCall's progress while a script runs. */
  readonly onProgress?: (progress: ToolCallProgress) => void;
  /** Receives every rule an `always` or `session` answer adds, so a harness can persist it. */
  readonly onRuleAdded?: (rule: PermissionRule, scope: 'always' | 'session') => void;
  /** The session store the set's own process manager protects from confined children. */
  readonly sessionStore?: string;
  /**
   * The owner of a call when sub-agents share the set: `/root` for the root conversation
   * (the default for every call), an agent path such as `/root/worker` otherwise. Execution
   * handles are scoped to it, and Read tells only `/root` that a re-read file is unchanged.
   */
  readonly ownerOf?: (context: HandlerContext) => string;
}

/** A ready tool set: the pipeline (the registry), its tools and their renderers. */
export interface ToolSet {
  readonly pipeline: Pipeline;
  readonly tools: readonly Tool[];
  readonly renderers: RendererRegistry;
  readonly resources: ResourceResolver;
  /** The process manager behind Bash, WriteStdin, ListExecutions, StopExecution and Monitor. */
  readonly exec: ExecManager;
  /**
   * Forgets what the root conversation has read, so the next Read of any file returns its
   * contents again; call it after compacting the conversation.
   */
  forgetReads(): void;
  /** Stops every process the set started, when the set created its own manager. */
  close(): Promise<void>;
}

/**
 * Creates a pipeline holding Read, Glob, Grep and ApplyPatch over a workspace, plus ToolSearch
 * and ToolCall over them, with resource addresses prepared before permission and snapshots for
 * ApplyPatch's final diff.
 */
export function createToolSet(options: ToolSetOptions): ToolSet {
  if (typeof options?.workspace !== 'string' || !path.isAbsolute(options.workspace)) {
    throw new TypeError(
      `createToolSet: workspace must be an absolute directory path, received ${String(options?.workspace)}`,
    );
  }
  const extraTools = list('extraTools', options.extraTools, (tool: Tool) => isTool(tool));
  const native = list('native', options.native, isString);
  const composable = list('composable', options.composable, isString);
  const discoverable = [
    ...list('discoverable', options.discoverable, isString, DISCOVERABLE_GROUPS),
    ...list('extraGroups', options.extraGroups, isString),
  ];
  for (const key of ['onProgress', 'onRuleAdded', 'reviewPatch', 'ownerOf'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'function') {
      throw new TypeError(
        `createToolSet: ${key} must be a function, received ${String(options[key])}`,
      );
    }
  }
  if (
    options.artifacts?.putBytes !== undefined &&
    typeof options.artifacts.putBytes !== 'function'
  ) {
    throw new TypeError(
      `createToolSet: artifacts.putBytes must be a function, received ${String(options.artifacts.putBytes)}`,
    );
  }
  checkPlanMode(options.planMode, 'createToolSet');
  const sessionId = options.session?.id;
  const cwd = path.resolve(options.workspace, options.session?.cwd ?? '.');
  const resources =
    options.resources ??
    createNodeResources({
      workspace: options.workspace,
      ...(sessionId === undefined ? {} : { sessionId }),
      ...(options.docsDirectory === undefined ? {} : { docsDirectory: options.docsDirectory }),
    });
  // An extra tool named like a built-in one replaces it (e.g. a harness's own Read).
  const replaced = new Set(extraTools.map((tool) => tool.name));
  const kept = (tool: Tool) => !replaced.has(tool.name);
  // One process owner for the whole set: Bash and the file tools' helpers (ripgrep, poppler,
  // ImageMagick) share its sandbox mode, confinement and teardown.
  const exec =
    options.exec ??
    createExecManager({
      workspaceRoot: options.workspace,
      sandbox: options.sandbox ?? 'best-effort',
      rootOwner: ROOT_OWNER,
      ...(options.sessionStore === undefined ? {} : { sessionStore: options.sessionStore }),
    });
  const readMemory = new ReadMemo();
  const fileTools = createFileTools({
    cwd,
    resources,
    sessionId,
    exec,
    ownerOf: options.ownerOf,
    readMemory,
    reviewPatch: options.reviewPatch,
    planMode: options.planMode,
    ...(options.searchTimeoutMs === undefined ? {} : { timeoutMs: options.searchTimeoutMs }),
  });
  const tools = fileTools.filter(kept);
  const execution = createExecutionTools({
    manager: exec,
    rootOwner: ROOT_OWNER,
    ...(options.ownerOf === undefined ? {} : { ownerOf: options.ownerOf }),
    cwd,
    ...(options.artifacts === undefined ? {} : { artifacts: options.artifacts }),
  });
  const executionTools = execution.tools.filter(kept);
  const pipeline = createPipeline({
    tools: [...tools, ...executionTools],
    mode: options.permissions?.mode ?? 'ask',
    rules: options.permissions?.rules ?? [],
    ...(options.askUser === undefined ? {} : { asker: options.askUser }),
    ...(options.onRuleAdded === undefined ? {} : { onRuleAdded: options.onRuleAdded }),
    // The escalation gate and ApplyPatch's review and Plan-mode hooks run before the harness's own.
    hooks: [
      ...execution.hooks,
      // A harness's own ApplyPatch brings its own rules.
      ...(replaced.has('ApplyPatch')
        ? []
        : createPatchHooks({
            review: options.reviewPatch !== undefined,
            planMode: options.planMode,
            resources,
            sessionId,
          })),
      ...(options.hooks ?? []),
    ],
    ...(options.media === undefined ? {} : { media: options.media }),
    ...(options.artifacts === undefined ? {} : { artifacts: options.artifacts }),
    resources: createTargetPreparer({ cwd, resources, sessionId }),
    readFile: createSnapshotReader(cwd),
  });
  // ToolSearch and ToolCall see the tools registered at call time, so tools a harness registers
  // later join the catalog too.
  const catalog = () =>
    createCatalog({
      tools: pipeline.tools(),
      native: [...NATIVE_TOOLS, ...native],
      discoverable,
      composable,
    });
  const extras = [...createDiscoverableTools(options, cwd, pipeline).filter(kept), ...extraTools];
  for (const tool of extras) pipeline.register(tool);
  const driver = createToolCallDriver({
    pipeline,
    ...(options.checkpoints === undefined ? {} : { checkpoints: options.checkpoints }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  pipeline.register(createToolSearchTool({ catalog }));
  pipeline.register(createToolCallTool({ driver, catalog }));
  return {
    pipeline,
    tools: [...tools, ...executionTools, ...extras],
    renderers: createRendererRegistry({
      ...webRenderers,
      ...execution.renderers,
      ...fileToolRenderers,
    }),
    resources,
    exec,
    forgetReads: () => readMemory.clear(),
    close: async () => {
      if (options.exec === undefined) await exec.teardown();
    },
  };
}

// WebFetch asks the pipeline itself about cross-host redirects, so it is built after it.
function createDiscoverableTools(options: ToolSetOptions, cwd: string, pipeline: Pipeline): Tool[] {
  const extras: Tool[] = [createOutlineTool({ cwd }), createNodeTool({ cwd })];
  if (options.web !== false) {
    // Fetched PDFs are saved in the session's durable artifact store when it keeps bytes.
    const putBytes = options.artifacts?.putBytes?.bind(options.artifacts);
    const saveArtifact =
      options.web?.fetch?.saveArtifact ??
      (putBytes === undefined ? undefined : pdfSaverFor({ putBytes }));
    extras.push(
      createWebFetchTool({
        ...options.web?.fetch,
        ...(saveArtifact === undefined ? {} : { saveArtifact }),
        decideNow: (request) => pipeline.decideNow(request),
      }),
      createWebSearchTool(options.web?.search ?? {}),
    );
  }
  if (options.askQuestions !== undefined) {
    extras.push(createAskTool({ askUser: options.askQuestions }));
  }
  return extras;
}

const isString = (value: unknown): value is string => typeof value === 'string';

function isTool(value: unknown): boolean {
  const tool = value as Tool | undefined;
  return typeof tool?.name === 'string' && typeof tool.handler === 'function';
}

// Normalises an optional list option once, naming the option when the value is malformed.
function list<T>(
  key: string,
  value: readonly T[] | undefined,
  valid: (item: T) => boolean,
  fallback: readonly T[] = [],
): T[] {
  if (value === undefined) return [...fallback];
  if (!Array.isArray(value) || !value.every(valid)) {
    throw new TypeError(
      `createToolSet: ${key} must be an array of ${key === 'extraTools' ? 'tools' : 'strings'}, received ${String(value)}`,
    );
  }
  return [...value];
}
