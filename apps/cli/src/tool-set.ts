import { join } from 'node:path';
import type {
  PermissionAsker,
  PermissionMode,
  PermissionRule,
  Pipeline,
  SpecialistListing,
  Tool,
} from '@toolcall/pipeline';
import { commandHook } from '@toolcall/pipeline/node';
import type { RendererRegistry } from '@toolcall/render';
import { createToolSet, type Session, type SkillListing, type ToolSet } from '@toolcall/tools';
import type { Config } from './config.js';
import { createRulePersister } from './persist-rule.js';
import { createProgressHub, type ProgressHub } from './progress.js';
import type { TelemetryLog } from './telemetry-log.js';

/**
 * Options of the CLI's tool set: `createToolSet`'s, plus the open session (its stores and
 * checkpoints), the tools the CLI adds and the names admitted for composition.
 */
export interface CliToolSetOptions {
  readonly session: Session;
  readonly sandbox: 'off' | 'best-effort' | 'required';
  readonly permissions: {
    readonly mode: PermissionMode;
    readonly rules: readonly PermissionRule[];
  };
  readonly askUser: PermissionAsker | undefined;
  readonly hooks: NonNullable<Config['hooks']>;
  /** Wrapped tools (upstream MCP servers) and the ones admitted for composition. */
  readonly extraTools?: readonly Tool[];
  readonly composable?: readonly string[];
  /** Counts loopback hosts as public for WebFetch (tests serve on 127.0.0.1). */
  readonly loopbackIsPublic?: boolean;
  /**
   * The config's `toolCall` settings: the listing's budget, the Returned row threshold, the
   * parallelism cap and the interpreter's budgets.
   */
  readonly toolCall?: Config['toolCall'];
  /** Receives every telemetry record and `ptc-script` span; closed after the tool set. */
  readonly telemetry?: TelemetryLog;
}

/** The context window the specialist listing is budgeted against when the config names none. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

/** The pipeline and the renderers of its tools. */
export interface CliToolSet {
  readonly pipeline: Pipeline;
  /** The tools a client is given directly: the native list, ToolSearch and ToolCall. */
  readonly native: readonly Tool[];
  readonly renderers: RendererRegistry;
  /**
   * The specialist listing of the discoverable tools, within the config's `listingShare` of its
   * `contextWindow`.
   */
  listing(): SpecialistListing;
  /** The listing of the workspace's and the user's skills, within its share of the window. */
  skillListing(): Promise<SkillListing>;
  /**
   * The outcome of script `envelopeId` has been shown or sent: its checkpoint goes (the
   * session's checkpoints hold the journals of running scripts until then).
   */
  settle(envelopeId: string): Promise<void>;
  /** ToolCall's live aggregate of each running script: active tools, counts, permission waits. */
  readonly progress: Pick<ProgressHub, 'subscribe'>;
  /** The processes the tool set manages (what the REPL's `/ps` lists). */
  readonly exec: ToolSet['exec'];
  /**
   * Stops every process the tool set started, finishes writing `allow always` rules and writes
   * the telemetry lines still queued.
   */
  close(): Promise<void>;
}

/** How long `close` waits for the scripts still running to end, so their spans are logged. */
export const SCRIPT_END_WAIT_MS = 2_000;

async function scriptsEnded(ended: () => boolean): Promise<void> {
  const deadline = Date.now() + SCRIPT_END_WAIT_MS;
  while (!ended() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The config's `toolCall` settings that ToolCall's driver takes, without the listing's. */
function driverSettings(
  toolCall: Config['toolCall'],
): Pick<NonNullable<Config['toolCall']>, 'returnedLineThreshold' | 'parallelism' | 'limits'> {
  const { returnedLineThreshold, parallelism, limits } = toolCall ?? {};
  return {
    ...(returnedLineThreshold === undefined ? {} : { returnedLineThreshold }),
    ...(parallelism === undefined ? {} : { parallelism }),
    ...(limits === undefined ? {} : { limits }),
  };
}

/** The group of upstream MCP tools, discoverable through ToolSearch and callable from ToolCall. */
export const UPSTREAM_GROUP = 'upstream';

/**
 * Builds the tool set on `createToolSet`: the upstream tools join ToolSearch and ToolCall through
 * their group, and every `allow always` answer is saved to `.toolcall/config.json`.
 */
export function buildToolSet(options: CliToolSetOptions): CliToolSet {
  const hooks = options.hooks.map((hook) =>
    commandHook({
      event: hook.event,
      command: hook.command,
      ...(hook.matcher === undefined ? {} : { matcher: hook.matcher }),
      ...(hook.timeoutMs === undefined ? {} : { timeoutMs: hook.timeoutMs }),
    }),
  );
  const { session } = options;
  const persister = createRulePersister(join(session.workspace, '.toolcall', 'config.json'));
  const progress = createProgressHub();
  const telemetry = options.telemetry;
  const set = createToolSet(
    session.toolSetOptions({
      sandbox: options.sandbox,
      permissions: options.permissions,
      ...(options.askUser === undefined ? {} : { askUser: options.askUser }),
      onProgress: (update) => progress.publish(update),
      onRuleAdded: (rule, scope) => {
        if (scope === 'always') persister.add(rule);
      },
      hooks,
      extraTools: options.extraTools ?? [],
      extraGroups: [UPSTREAM_GROUP],
      composable: options.composable ?? [],
      ...(telemetry === undefined ? {} : { telemetry: (record) => telemetry.record(record) }),
      toolCall: {
        ...driverSettings(options.toolCall),
        ...(telemetry === undefined ? {} : { telemetry: (span) => telemetry.span(span) }),
      },
      ...(options.loopbackIsPublic ? { web: { fetch: { treatLoopbackAsPublic: true } } } : {}),
    }),
  );
  session.attach(set);
  return {
    pipeline: set.pipeline,
    native: set.native,
    renderers: set.renderers,
    listing: () =>
      set.listing({
        contextWindow: options.toolCall?.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
        ...(options.toolCall?.listingShare === undefined
          ? {}
          : { share: options.toolCall.listingShare }),
      }),
    skillListing: () =>
      set.skillListing({
        contextWindow: options.toolCall?.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
      }),
    // The CLI keeps no settled checkpoints: shown, the script's is consumed.
    settle: (envelopeId) => session.settle(envelopeId),
    progress,
    exec: set.exec,
    close: async () => {
      await set.close();
      await persister.flush();
      // A cancelled script's envelope settles at once and its script ends a moment later (its
      // processes stopped above): its span is written too, unless it takes too long.
      if (telemetry !== undefined) await scriptsEnded(() => set.toolCallJournals().length === 0);
      // Last: the calls that settled while the processes stopped are in the log too.
      await telemetry?.close();
    },
  };
}
