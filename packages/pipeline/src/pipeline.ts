import { validatorFor } from './compile-validator.js';
import type { PipelineListener, TelemetryRecord } from './events.js';
import type { HookRegistration, HookSession } from './hook-types.js';
import type { ToolCallRequest, ToolOutcome, ToolRun } from './outcome.js';
import { pathBaseOf } from './permissions/canonical-path.js';
import { factsNow } from './permissions/facts.js';
import { builtinFileSystem, type PermissionFileSystem } from './permissions/file-system.js';
import { checkPlanModeOption, type PlanModeSource } from './permissions/plan-mode.js';
import { PermissionPolicy } from './permissions/policy.js';
import type {
  PermissionAsker,
  PermissionMode,
  PermissionRule,
  PermissionVerdict,
} from './permissions/types.js';
import { compileHooks, type PipelineCore } from './pipeline-core.js';
import type {
  ArtifactStore,
  EventMailbox,
  MediaSink,
  ResourcePreparer,
  SnapshotReader,
} from './ports.js';
import { limitingToolName, type ProviderResult, projectOutcome } from './project.js';
import { createRepairLog, type RepairLog } from './repair-log.js';
import { ToolCallRun } from './run-tool.js';
import { TurnSnapshots } from './snapshots.js';
import type { Tool } from './tool-types.js';

/** Everything a pipeline can be given; every collaborator is optional and injected. */
export interface PipelineOptions {
  tools?: readonly Tool[];
  rules?: readonly PermissionRule[];
  /** The fallback when no rule decides; default `ask` (read-only tools are allowed). */
  mode?: PermissionMode;
  asker?: PermissionAsker;
  /** Told about each rule an answer adds; persist the `always` ones to keep them. */
  onRuleAdded?: (rule: PermissionRule, scope: 'always' | 'session') => void;
  hooks?: readonly HookRegistration[];
  /** Session facts copied into every hook input. */
  hookSession?: HookSession;
  resources?: ResourcePreparer;
  media?: MediaSink;
  artifacts?: ArtifactStore;
  /**
   * The background messages of each conversation: `project` appends what `take` returns to a
   * top-level call's result (never to a nested ToolCall child's), after hook context and notes.
   */
  mailbox?: EventMailbox;
  /** Reads a file's current text; enables snapshots and `turnDiff()`. */
  readFile?: SnapshotReader;
  /** Repair model input (default true); validation and audit happen either way. */
  repair?: boolean;
  repairLog?: RepairLog;
  telemetry?: (record: TelemetryRecord) => void;
  /** Clock for telemetry durations, in milliseconds. */
  now?: () => number;
  onWarning?: (message: string) => void;
  /** Compile each tool's validator when it is registered (default false: on its first call). */
  precompile?: boolean;
  /**
   * The absolute POSIX directory the calls' relative paths are relative to (default
   * `process.cwd()`); paths are canonicalized against it before path rules see them.
   */
  workingDirectory?: string;
  /**
   * Where the tools expand `~` (absolute; default `$HOME` when set and absolute, else the
   * working directory). Path facts are resolved against it the way the tools open them.
   */
  home?: string;
  /**
   * The workspace root (absolute). Relative rule patterns judge only paths inside it, and it
   * turns the path scope on: a path outside it (resolved, links followed) asks unless a path
   * rule allows it or the mode is `full-auto`; a read may also reach `readRoots`. Without it
   * relative patterns judge paths under the working directory and no scope is enforced.
   */
  workspace?: string;
  /** Extra directories reads may reach without a question (absolute or `~/…`); needs `workspace`. */
  readRoots?: readonly string[];
  /**
   * The planning state (`off` | `plan` | `directive`, or a getter read per decision): while
   * planning, every tool that is not read-only is denied, except tools that enforce it
   * themselves (`permission.planAware`) and shell commands whose every segment is read-only.
   */
  planMode?: PlanModeSource;
  /**
   * Resolves symbolic links and identifies hard links for path rules (default: the Node
   * filesystem where `process.getBuiltinModule` offers it; `@toolcall/pipeline/node` exports
   * `nodePermissionFileSystem` for older runtimes). `false` resolves paths lexically only.
   */
  fileSystem?: PermissionFileSystem | false;
}

/** A tool pipeline: a registry plus the one path every call takes. */
export interface Pipeline {
  /** Registers a tool (replacing one of the same name); its validator compiles on first use. */
  register(tool: Tool): void;
  /** Checks and compiles every tool's schema now; throws a TypeError naming a bad one. */
  precompile(): void;
  unregister(name: string): boolean;
  tool(name: string): Tool | undefined;
  tools(): Tool[];
  /** Starts a call; the returned run settles exactly once under its tool-use id. */
  runTool(request: ToolCallRequest): ToolRun;
  /** Decides permission now, without hooks or prompting (for redirects and pre-checks). */
  decideNow(request: Pick<ToolCallRequest, 'name' | 'input'>): PermissionVerdict;
  /** Projects an outcome for a provider; `feedback` adds nested children's context and notes. */
  project(
    outcome: ToolOutcome,
    options?: { feedback?: readonly string[] },
  ): Promise<ProviderResult>;
  /** Subscribes to `started`, `permission-approved` and `settled` events; returns an unsubscribe. */
  subscribe(listener: PipelineListener): () => void;
  /** The current permission rules, including ones added by allow-always answers. */
  rules(): PermissionRule[];
  /** The unified diff of every snapshot path since the turn began. */
  turnDiff(): Promise<string>;
  /** Forgets snapshots, starting a new turn. */
  resetTurn(): void;
  readonly repairLog: RepairLog;
}

const OPTION_KEYS = new Set([
  'tools',
  'rules',
  'onRuleAdded',
  'mode',
  'asker',
  'hooks',
  'hookSession',
  'resources',
  'media',
  'artifacts',
  'mailbox',
  'readFile',
  'repair',
  'repairLog',
  'telemetry',
  'now',
  'onWarning',
  'precompile',
  'workingDirectory',
  'home',
  'workspace',
  'readRoots',
  'planMode',
  'fileSystem',
]);

const PORT_METHODS = [
  ['resources', 'prepare'],
  ['media', 'put'],
  ['artifacts', 'put'],
  ['mailbox', 'take'],
  ['repairLog', 'record'],
] as const;

function checkToolShape(tool: Tool): void {
  if (
    typeof tool !== 'object' ||
    tool === null ||
    typeof tool.name !== 'string' ||
    typeof tool.handler !== 'function' ||
    typeof tool.inputSchema !== 'object' ||
    tool.inputSchema === null ||
    Array.isArray(tool.inputSchema)
  ) {
    throw new TypeError('register: expected a tool from defineTool or wrapTool');
  }
}

function readRootsOf(given: unknown): readonly string[] {
  if (given === undefined) return [];
  if (
    !Array.isArray(given) ||
    given.some(
      (root) =>
        typeof root !== 'string' ||
        !(root.startsWith('/') || root === '~' || root.startsWith('~/')),
    )
  ) {
    throw new TypeError(
      'createPipeline: readRoots must be an array of absolute paths (starting with / or ~/)',
    );
  }
  return Object.freeze([...given]);
}

function fileSystemOf(given: PipelineOptions['fileSystem']): PermissionFileSystem | undefined {
  if (given === false) return undefined;
  if (given === undefined) return builtinFileSystem();
  if (
    typeof given !== 'object' ||
    given === null ||
    typeof given.realpath !== 'function' ||
    typeof given.identity !== 'function'
  ) {
    throw new TypeError(
      'createPipeline: fileSystem must be false or an object with realpath() and identity() methods',
    );
  }
  return given;
}

/** Creates a pipeline; options are normalized and validated once here. */
export function createPipeline(options: PipelineOptions = {}): Pipeline {
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new TypeError(`createPipeline: unknown option \`${key}\``);
  }
  const {
    tools = [],
    rules = [],
    mode = 'ask',
    hooks = [],
    hookSession = {},
    repair = true,
    now = () => globalThis.performance.now(),
    precompile = false,
  } = options;
  if (typeof repair !== 'boolean')
    throw new TypeError(`createPipeline: repair must be a boolean, received ${typeof repair}`);
  if (typeof precompile !== 'boolean') {
    throw new TypeError(
      `createPipeline: precompile must be a boolean, received ${typeof precompile}`,
    );
  }
  for (const key of [
    'asker',
    'onRuleAdded',
    'readFile',
    'telemetry',
    'now',
    'onWarning',
  ] as const) {
    const value = options[key];
    if (value !== undefined && typeof value !== 'function') {
      throw new TypeError(`createPipeline: ${key} must be a function, received ${typeof value}`);
    }
  }
  for (const [key, method] of PORT_METHODS) {
    const port = options[key] as Record<string, unknown> | undefined;
    if (port !== undefined && typeof port?.[method] !== 'function') {
      throw new TypeError(`createPipeline: ${key} must be an object with a ${method}() method`);
    }
  }
  const pathBase = pathBaseOf(options.workingDirectory, {
    home: options.home,
    workspace: options.workspace,
  });
  const fileSystem = fileSystemOf(options.fileSystem);
  const core: PipelineCore = {
    tools: new Map(),
    policy: new PermissionPolicy(rules, mode, pathBase, {
      fileSystem,
      readRoots: readRootsOf(options.readRoots),
      planMode: checkPlanModeOption(options.planMode),
    }),
    asker: options.asker,
    onRuleAdded: options.onRuleAdded,
    hooks: compileHooks(hooks),
    hookCache: new Map(),
    hookSession: Object.freeze({ ...hookSession }),
    resources: options.resources,
    media: options.media,
    snapshots: options.readFile === undefined ? undefined : new TurnSnapshots(options.readFile),
    repair,
    repairLog: options.repairLog ?? createRepairLog(),
    telemetry: options.telemetry,
    now,
    listeners: [],
    onWarning: options.onWarning,
  };
  const artifacts = options.artifacts;
  const mailbox = options.mailbox;
  const register = (tool: Tool) => {
    checkToolShape(tool);
    if (precompile) validatorFor(tool, true);
    core.tools.set(tool.name, tool);
  };
  for (const tool of tools) register(tool);
  return {
    register,
    precompile() {
      for (const tool of core.tools.values()) validatorFor(tool, true);
    },
    unregister: (name) => core.tools.delete(name),
    tool: (name) => core.tools.get(name),
    tools: () => [...core.tools.values()],
    runTool(request) {
      if (
        typeof request !== 'object' ||
        request === null ||
        typeof request.name !== 'string' ||
        typeof request.toolUseId !== 'string'
      ) {
        throw new TypeError('runTool: expected { name: string, input, toolUseId: string }');
      }
      const { source, origin } = request;
      if (source !== undefined && source !== 'direct' && source !== 'ptc') {
        throw new TypeError(
          `runTool: source must be 'direct' or 'ptc', received ${String(source)}`,
        );
      }
      if (origin !== undefined && origin !== 'model' && origin !== 'programmatic') {
        throw new TypeError(
          `runTool: origin must be 'model' or 'programmatic', received ${String(origin)}`,
        );
      }
      if (
        request.onPermissionWait !== undefined &&
        typeof request.onPermissionWait !== 'function'
      ) {
        throw new TypeError('runTool: onPermissionWait must be a function');
      }
      return new ToolCallRun(core, request).start();
    },
    decideNow(request) {
      const tool = core.tools.get(request.name);
      if (tool === undefined) return { decision: 'deny', reason: `unknown tool ${request.name}` };
      try {
        if (validatorFor(tool)(request.input) !== undefined) {
          return { decision: 'deny', reason: 'the input is invalid' };
        }
      } catch {
        return { decision: 'deny', reason: 'the input schema cannot be compiled' };
      }
      try {
        return core.policy.decide(tool, factsNow(tool, request.input as Record<string, unknown>));
      } catch {
        return { decision: 'deny', reason: 'the permission facts could not be determined' };
      }
    },
    project: (outcome, projectOptions = {}) =>
      projectOutcome(outcome, {
        maxResultSize: core.tools.get(limitingToolName(outcome))?.maxResultSize,
        artifacts,
        ...(projectOptions.feedback === undefined ? {} : { feedback: projectOptions.feedback }),
        ...(core.onWarning === undefined ? {} : { onWarning: core.onWarning }),
        // Only what the model itself sees carries the mail: a nested child's result goes to
        // the guest program, and its envelope's projection delivers the mail instead.
        ...(mailbox === undefined || outcome.parentId !== undefined
          ? {}
          : {
              takeMail: () =>
                mailbox.take({
                  toolName: outcome.toolName,
                  toolUseId: outcome.toolUseId,
                  source: outcome.source,
                }),
            }),
      }),
    subscribe(listener) {
      if (typeof listener !== 'function') throw new TypeError('subscribe: expected a function');
      core.listeners.push(listener);
      return () => {
        const index = core.listeners.indexOf(listener);
        if (index !== -1) core.listeners.splice(index, 1);
      };
    },
    rules: () => core.policy.rules(),
    turnDiff: () => core.snapshots?.diff() ?? Promise.resolve(''),
    resetTurn: () => core.snapshots?.reset(),
    repairLog: core.repairLog,
  };
}

/** The tool-use id of the `index`-th (1-based) nested call of a ToolCall envelope. */
export function childToolUseId(envelopeId: string, index: number): string {
  if (!Number.isInteger(index) || index < 1) {
    throw new TypeError(`childToolUseId: index must be a positive integer, received ${index}`);
  }
  return `${envelopeId}/${index}`;
}
