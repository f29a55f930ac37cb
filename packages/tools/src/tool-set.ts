import path from 'node:path';
import { createExecManager, type ExecManager, type SandboxMode } from '@toolcall/exec';
import {
  type ArtifactStore,
  type Catalog,
  type CheckpointStore,
  type CommitOptions,
  createCatalog,
  createPipeline,
  createToolCallDriver,
  createToolCallTool,
  createToolSearchTool,
  type HandlerContext,
  type HookRegistration,
  type ListingOptions,
  type MediaSink,
  type PermissionAsker,
  type PermissionMode,
  type PermissionRule,
  type Pipeline,
  renderListing,
  type SpecialistListing,
  type TelemetryRecord,
  type Tool,
  type ToolCallCheckpoint,
  type ToolCallProgress,
} from '@toolcall/pipeline';
import type { RendererRegistry } from '@toolcall/render';
import type { ResourceResolver } from '@toolcall/resources';
import { createNodeResources } from '@toolcall/resources/node';
import { type AskUser, createAskTool } from './ask/index.js';
import { type BacklogLimits, createToolSetEvents, type ToolSetEvents } from './events/index.js';
import { createExecutionTools } from './execution/index.js';
import { createFileTools } from './file-tools.js';
import { createNodeTool, createOutlineTool } from './navigation/index.js';
import { manualOf, packagedDocsDirectory } from './packaged-docs.js';
import { createPatchHooks } from './patch/patch-hooks.js';
import type { PatchReviewer } from './patch/patch-review.js';
import { checkPlanMode, type PlanModeSource } from './patch/plan-mode.js';
import { createTargetPreparer } from './prepare-targets.js';
import { ConversationReads } from './read/read-memo.js';
import { createToolSetRenderers } from './render/tool-set-renderers.js';
import { ROOT_OWNER } from './root-owner.js';
import { createSkills } from './skills/create-skills.js';
import {
  type SkillCatalog,
  type SkillListing,
  type SkillListingOptions,
  type SkillsOptions,
  skillRenderers,
} from './skills/index.js';
import { normalizeSkillsOptions } from './skills/skill-options.js';
import { createSnapshotReader } from './snapshot-reader.js';
import { type ToolSetToolCallOptions, toolCallOptions } from './tool-call-options.js';
import {
  type ArtifactBytesStore,
  createWebFetchTool,
  createWebSearchTool,
  pdfSaverFor,
  privateHostsAllowedByRules,
  type WebFetchOptions,
  type WebSearchOptions,
} from './web/index.js';

/** The groups whose tools are discoverable through ToolSearch and callable from ToolCall by default. */
export const DISCOVERABLE_GROUPS = ['execution', 'web', 'navigation', 'interaction'] as const;

/**
 * The native list of the spec, in its order: the tools a harness offers the model directly
 * (`ToolSet.native`); every other registered tool is reached through ToolSearch and ToolCall.
 */
export const NATIVE_TOOLS = [
  'Read',
  'Bash',
  'WriteStdin',
  'Monitor',
  'Glob',
  'Grep',
  'ApplyPatch',
  'ToolSearch',
  'ToolCall',
] as const;

/** Options of `createToolSet`; only `workspace` is required. */
export interface ToolSetOptions {
  /** The workspace root (absolute). */
  readonly workspace: string;
  /** The session: its id scopes `work://`, `artifact://` and `history://saved`; `cwd` defaults to the workspace. */
  readonly session?: { readonly id?: string; readonly cwd?: string };
  /** Confinement of Bash and Monitor when the set creates its own process manager (default `best-effort`). */
  readonly sandbox?: SandboxMode;
  /**
   * Permission mode and rules for the pipeline. The workspace is the pipeline's path scope:
   * reads outside it and `readRoots` (absolute or `~/…`) ask, unless a path rule allows them.
   */
  readonly permissions?: {
    readonly mode?: PermissionMode;
    readonly rules?: readonly PermissionRule[];
    readonly readRoots?: readonly string[];
  };
  /** Answers `ask` decisions; without it, `ask` means deny. */
  readonly askUser?: PermissionAsker;
  /**
   * Reviews ApplyPatch per file and hunk instead of `askUser`'s whole-patch prompt whenever its
   * permission decision is `ask` (every patch in `ask` mode unless a rule decides). Without it,
   * such a patch goes to `askUser` as one prompt.
   */
  readonly reviewPatch?: PatchReviewer;
  /**
   * The session's planning state (or a getter read per call): while planning, ApplyPatch
   * writes only session `work://` targets, and the policy denies every other tool that is
   * not read-only (a Bash command passes only when every segment is proved read-only).
   */
  readonly planMode?: PlanModeSource;
  /** A resolver to use instead of `createNodeResources` over the workspace. */
  readonly resources?: ResourceResolver;
  /** The docs served as `toolcall://` (default: the manuals this package ships). */
  readonly docsDirectory?: string;
  readonly hooks?: readonly HookRegistration[];
  readonly media?: MediaSink;
  /**
   * Whether the current model takes media of a type (`image/png`, …), asked on every call:
   * Read refuses images and PDF `pages` it does not take, and it is WebFetch's `acceptsMedia`
   * unless `web.fetch` names its own. Default: every type.
   */
  readonly acceptsMedia?: (mimeType: string) => boolean;
  /**
   * The session's artifact store: oversized results go to `put`. With `putBytes` (durable
   * storage) WebFetch also saves fetched PDFs there, unless `web.fetch.saveArtifact` is given.
   */
  readonly artifacts?: ArtifactStore & Partial<ArtifactBytesStore>;
  /**
   * The session's process manager: Bash & co run through it, and ripgrep and the PDF helpers
   * run confined through it. Without it the set creates one from `sandbox` and `sessionStore`
   * (torn down by `close`), so the helpers are confined either way.
   */
  readonly exec?: ExecManager;
  /** Where ToolCall journals running scripts (e.g. `createFileCheckpointStore`). */
  readonly checkpoints?: CheckpointStore;
  /** Helper timeout for Glob, Grep and directory listings (default 20 s). */
  readonly searchTimeoutMs?: number;
  /**
   * Outline parses a large new JavaScript or TypeScript file in two parts at once, the second
   * on a worker thread started the first time such a file comes (default true; false parses
   * every file on the calling thread). The outline is the same either way.
   */
  readonly parseWorker?: boolean;
  /** WebFetch and WebSearch options, or `false` to leave both out. */
  readonly web?:
    | false
    | { readonly fetch?: Omit<WebFetchOptions, 'decideNow'>; readonly search?: WebSearchOptions };
  /**
   * Where skills come from: the workspace's `.toolcall/skills` and `.agents/skills`, the user's
   * config and `~/.agents/skills`, then `roots` (first source wins a name). The same sources
   * back `skill://`. `false` leaves out the Skill tool and every skill source.
   */
  readonly skills?: false | SkillsOptions;
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
  /**
   * Names native on top of `NATIVE_TOOLS`, whatever their groups: callable from ToolCall and
   * listed in `ToolSet.native` after the spec's list.
   */
  readonly native?: readonly string[];
  /** Names admitted for composition in ToolCall (wrapped tools are standalone-only otherwise). */
  readonly composable?: readonly string[];
  /** Receives one telemetry record per settled call (nested calls included), from the pipeline. */
  readonly telemetry?: (record: TelemetryRecord) => void;
  /**
   * ToolCall's driver settings: `limits`, `parallelism`, `returnedLineThreshold`,
   * `childResultLimit`, `auditBounds` and the `telemetry` of its `ptc-script` span.
   */
  readonly toolCall?: ToolSetToolCallOptions;
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
  /** Bounds of each conversation's backlog of waiting background events (default 100 events, 30,000 characters). */
  readonly eventBacklog?: Partial<BacklogLimits>;
}

/** A ready tool set: the pipeline (the registry), its tools and their renderers. */
export interface ToolSet {
  readonly pipeline: Pipeline;
  readonly tools: readonly Tool[];
  /**
   * The tools a harness offers the model directly, as registered now (read on each access):
   * `NATIVE_TOOLS` in the spec's order (Read, Bash, WriteStdin, Monitor, Glob, Grep, ApplyPatch,
   * ToolSearch, ToolCall), then the `native` option's names. The rest of `pipeline.tools()` is
   * discoverable through ToolSearch and callable from ToolCall.
   */
  readonly native: readonly Tool[];
  readonly renderers: RendererRegistry;
  readonly resources: ResourceResolver;
  /** The process manager behind Bash, WriteStdin, ListExecutions, StopExecution and Monitor. */
  readonly exec: ExecManager;
  /**
   * Monitor lines and background completions: each reaches the model of the conversation that
   * owns it appended to that conversation's next projected top-level result, and every listener
   * of `events.subscribe` (MCP notifications, an editor view) as it arrives.
   */
  readonly events: ToolSetEvents;
  /**
   * The catalog of a request as it stands now: the native tools plus every tool of the
   * discoverable groups registered so far (what ToolSearch answers from and ToolCall may call).
   */
  catalog(): Catalog;
  /**
   * The specialist listing of that catalog: each discoverable, non-native tool as a calling
   * shape and summary, within `share` (default 0.02) of a `contextWindow` of tokens. Deliver it
   * to the model again only when its `fingerprint` changes.
   */
  listing(options: ListingOptions): SpecialistListing;
  /**
   * Running checkpoints of the ToolCall scripts in flight, from their in-memory journals: write
   * them to the `checkpoints` store on an autosave, so a process killed mid-script leaves the
   * nested calls that had completed (the store is otherwise written only before the first nested
   * call and at settlement).
   */
  toolCallJournals(): ToolCallCheckpoint[];
  /** The skill catalog as the sources hold it now: the skills, the shadowed ones, the invalid ones and why. */
  skills(): Promise<SkillCatalog>;
  /**
   * The skill listing for the model within `share` (default 0.02) of a `contextWindow`; deliver
   * it again only when its `fingerprint` changes.
   */
  skillListing(options: SkillListingOptions): Promise<SkillListing>;
  /**
   * Commits a ToolCall script's settlement once its result has been projected and kept, with
   * `toolCall.settlementCommit: 'host'`: writes the settled checkpoint, or with `consume`
   * removes it. `projectToolCall(pipeline, outcome, { driver })` is the same after projecting.
   */
  commitToolCall(envelopeId: string, options?: CommitOptions): Promise<void>;
  /**
   * Forgets what the conversation at `owner` (an owner path such as `/root`) has read, or what
   * every conversation has, so its next Read of any file returns the contents again; call it
   * after compacting that conversation.
   */
  forgetReads(owner?: string): void;
  /** Stops every process the set started, when the set created its own manager. */
  close(): Promise<void>;
}

/**
 * Creates a pipeline over a workspace holding the file tools (Read, Glob, Grep, ApplyPatch), the
 * execution tools (Bash, WriteStdin, ListExecutions, StopExecution, Monitor), the discoverable
 * navigation, web and Ask tools, and ToolSearch and ToolCall over them; resource addresses are
 * prepared before permission, ApplyPatch's final diff comes from snapshots, and the packaged
 * manuals are served as `toolcall://`.
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
  for (const key of [
    'onProgress',
    'onRuleAdded',
    'reviewPatch',
    'ownerOf',
    'acceptsMedia',
    'telemetry',
  ] as const) {
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
  if (options.parseWorker !== undefined && typeof options.parseWorker !== 'boolean') {
    throw new TypeError(
      `createToolSet: parseWorker must be a boolean, received ${String(options.parseWorker)}`,
    );
  }
  checkPlanMode(options.planMode, 'createToolSet');
  const toolCall = toolCallOptions(options.toolCall);
  const sessionId = options.session?.id;
  const cwd = path.resolve(options.workspace, options.session?.cwd ?? '.');
  const docsDirectory = options.docsDirectory ?? packagedDocsDirectory();
  const skillOptions = normalizeSkillsOptions(options.workspace, options.skills);
  const resources =
    options.resources ??
    createNodeResources({
      workspace: options.workspace,
      ...(sessionId === undefined ? {} : { sessionId }),
      ...(docsDirectory === undefined ? {} : { docsDirectory }),
      skillSources: skillOptions?.sources ?? [],
    });
  const skills = createSkills(skillOptions, resources);
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
  const readMemory = new ConversationReads();
  const fileTools = createFileTools({
    cwd,
    resources,
    sessionId,
    exec,
    ownerOf: options.ownerOf,
    readMemory,
    acceptsMedia: options.acceptsMedia,
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
  const events = createToolSetEvents({
    exec,
    ...(options.ownerOf === undefined ? {} : { ownerOf: options.ownerOf }),
    ...(options.eventBacklog === undefined ? {} : { limits: options.eventBacklog }),
  });
  const pipeline = createPipeline({
    tools: [...tools, ...executionTools],
    mode: options.permissions?.mode ?? 'ask',
    rules: options.permissions?.rules ?? [],
    workingDirectory: cwd,
    workspace: options.workspace,
    // ApplyPatch enforces Plan mode itself (work:// only); the policy denies every other tool
    // that can change things while planning.
    ...(options.planMode === undefined ? {} : { planMode: options.planMode }),
    ...(options.permissions?.readRoots === undefined
      ? {}
      : { readRoots: options.permissions.readRoots }),
    ...(options.askUser === undefined ? {} : { asker: options.askUser }),
    ...(options.onRuleAdded === undefined ? {} : { onRuleAdded: options.onRuleAdded }),
    ...(options.telemetry === undefined ? {} : { telemetry: options.telemetry }),
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
    mailbox: events.mailbox,
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
  const extras = [
    ...[
      ...createDiscoverableTools(options, cwd, pipeline),
      ...(skills.tool ? [skills.tool] : []),
    ].filter(kept),
    ...extraTools,
  ];
  for (const tool of extras) pipeline.register(tool);
  const driver = createToolCallDriver({
    ...toolCall,
    pipeline,
    ...(options.checkpoints === undefined ? {} : { checkpoints: options.checkpoints }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  pipeline.register(
    createToolSearchTool({ catalog, manualReference: (entry) => manualOf(entry.tool.name) }),
  );
  pipeline.register(createToolCallTool({ driver, catalog }));
  const nativeNames = [...new Set<string>([...NATIVE_TOOLS, ...native])];
  // Every built-in tool's renderer, ToolCall's included; a nested call that never started
  // reads as such, whatever its tool.
  const renderers = createToolSetRenderers(extraTools);
  if (skills.tool && kept(skills.tool)) {
    for (const [name, spec] of Object.entries(skillRenderers)) renderers.register(name, spec);
  }
  return {
    pipeline,
    tools: [...tools, ...executionTools, ...extras],
    // Read from the pipeline each time: a tool registered again under a native name (a
    // harness's own Read) is the one offered, and one unregistered is no longer offered.
    get native() {
      return nativeNames.flatMap((name) => pipeline.tool(name) ?? []);
    },
    renderers,
    resources,
    exec,
    events: { subscribe: events.subscribe, take: events.take, pending: events.pending },
    catalog,
    listing: (listingOptions) => renderListing(catalog(), listingOptions),
    toolCallJournals: () => driver.journals(),
    skills: skills.catalog,
    skillListing: skills.listing,
    commitToolCall: (envelopeId, commitOptions) => driver.commit(envelopeId, commitOptions),
    forgetReads: (owner) => readMemory.forget(owner),
    close: async () => {
      events.close();
      if (options.exec === undefined) await exec.teardown();
    },
  };
}

// WebFetch asks the pipeline itself about cross-host redirects, so it is built after it.
function createDiscoverableTools(options: ToolSetOptions, cwd: string, pipeline: Pipeline): Tool[] {
  const navigation = {
    cwd,
    ...(options.parseWorker === undefined ? {} : { parseWorker: options.parseWorker }),
  };
  const extras: Tool[] = [createOutlineTool(navigation), createNodeTool(navigation)];
  if (options.web !== false) {
    // Fetched PDFs are saved in the session's durable artifact store when it keeps bytes.
    const putBytes = options.artifacts?.putBytes?.bind(options.artifacts);
    const saveArtifact =
      options.web?.fetch?.saveArtifact ??
      (putBytes === undefined ? undefined : pdfSaverFor({ putBytes }));
    extras.push(
      createWebFetchTool({
        ...(options.acceptsMedia === undefined ? {} : { acceptsMedia: options.acceptsMedia }),
        // A private or loopback host is reached only when a rule names exactly that host.
        allowPrivateHosts: privateHostsAllowedByRules(() => pipeline.rules()),
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
