import { randomBytes } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import {
  argumentsOf,
  describeToolCallProgress,
  type PermissionMode,
  type PermissionRule,
  parsePermissionRule,
  type RecoveredToolCall,
  type Tool,
  type ToolCallProgress,
  type ToolRun,
} from '@toolcall/pipeline';
import type { RendererRegistry } from '@toolcall/render';
import {
  listProcesses,
  type ProcessResult,
  ROOT_OWNER,
  readProcessOutput,
  registerHostCleanup,
  type Session,
  sendToProcess,
  stopProcess,
} from '@toolcall/tools';
import { openBridgeSession } from './bridge-session.js';
import { changedFilesOf } from './changed-files.js';
import { createConnection } from './connection.js';
import { createEmacsPorts } from './emacs-ports.js';
import { createCustomTools, createHostedTools } from './hosted-tools.js';
import {
  type CustomToolDefinition,
  describeIssues,
  type MethodName,
  paramSchemas,
  RPC_ERRORS,
  type ToolCallSettings,
} from './protocol.js';
import { type BridgeToolSet, createBridgeToolSet } from './tool-set.js';
import { applyChildEvent, applyJournal, type ViewCall, viewTreeOf } from './view-tree.js';

/** Reads `initialize`'s rules as every host does; a bad one is an invalid-params error naming it. */
function rulesOf(given: { allow?: string[]; deny?: string[]; ask?: string[] } | undefined) {
  const rules: PermissionRule[] = [];
  // Deny rules first, as the CLI orders them: the order never changes a decision, only reasons.
  for (const action of ['deny', 'ask', 'allow'] as const) {
    for (const text of given?.[action] ?? []) {
      const parsed = parsePermissionRule(text, action);
      if (!parsed.success) {
        throw Object.assign(new Error(`Invalid params: rules.${action}: ${parsed.error}`), {
          code: RPC_ERRORS.invalidParams,
        });
      }
      rules.push(parsed.value);
    }
  }
  return rules;
}

/** How the bridge is started: its streams, the default workspace and any extra tools. */
export interface BridgeOptions {
  input: Readable;
  output: Writable;
  workspace: string;
  extraTools?: readonly Tool[];
  /**
   * Stops serving as the input closing would: the running work is left for recovery and every
   * process the tool set started is stopped.
   */
  signal?: AbortSignal;
}

interface Execution {
  /** The protocol's execution id: `e1`, `e2`, … in this bridge. */
  id: string;
  /**
   * The call's tool-use id, unique across bridges (`e1-5f3a9c1e`): ToolCall's checkpoints
   * of several bridges share one directory, and recovery shows a killed one's by this id.
   */
  toolUseId: string;
  requestId: string | number;
  tool: string;
  label: string;
  startedAt: string;
  run: ToolRun | undefined;
  view: ViewCall;
  status: 'running' | 'success' | 'error' | 'cancelled';
  /** When the live tree was last sent, and the pending send of its next change, if any. */
  lastRender: number;
  renderTimer: NodeJS.Timeout | undefined;
}

/**
 * The live tree of a running script is sent at most this often: every nested start and
 * settlement changes it, and each send carries the whole tree. The first change after a quiet
 * spell goes at once, later ones wait, and the settled tree always follows the last.
 */
export const LIVE_RENDER_MS = 100;

const VERSION = '0.0.0';

/** A reply to one request, and what to do once it has been written to Emacs. */
interface Reply {
  result: unknown;
  delivered?: () => Promise<void>;
}

/** A failed request that still has something to do once its error reached Emacs. */
type DeliveredError = Error & { code?: number; delivered?: () => Promise<void> };

/** The interpreter's budget name (`wall-time`) as the `Limits` key (`wallTime`). */
function limitsOf(settings: ToolCallSettings | undefined) {
  if (settings?.limits === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(settings.limits).map(([name, value]) => [
      name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );
}

/** What Emacs is told of a script a killed bridge left running: its interrupted record and tree. */
function recoveredView(record: RecoveredToolCall, renderers: RendererRegistry) {
  const tree = viewTreeOf({
    id: record.toolUseId,
    tool: 'ToolCall',
    // The script's text as its checkpoint kept it, so the row says what was interrupted.
    args: record.args ?? {},
    result: record.result,
    status: 'interrupted',
    renderData: record.renderData as unknown as Record<string, unknown>,
    children: new Map(),
    renderers,
  });
  return { toolUseId: record.toolUseId, status: record.status, result: record.result, tree };
}

/** Serves the bridge protocol until the input closes; resolves then. */
export function serveBridge(options: BridgeOptions): Promise<void> {
  let tools: BridgeToolSet | undefined;
  /** Closes the current tool set once, whether the bridge or a signal handler asks first. */
  let closeTools: () => Promise<void> = async () => {};
  /**
   * Settles once the latest initialize has made its tool set: a request arriving while a
   * second initialize recovers checkpoints waits for the new set rather than use the old one,
   * which that initialize has closed.
   */
  let ready: Promise<unknown> = Promise.resolve();
  /** The workspace session of the current tool set: its artifacts, media and checkpoints. */
  let session: Session | undefined;
  const executions = new Map<string, Execution>();
  const byRequest = new Map<string, Execution>();
  const byToolUse = new Map<string, Execution>();
  const bridgeToken = randomBytes(4).toString('hex');
  let counter = 0;

  const connection = createConnection({
    input: options.input,
    output: options.output,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    onMessage: (message) => {
      if (message.kind === 'notification') {
        if (message.method === '$/cancelRequest') {
          const target = byRequest.get(String(message.params.id));
          if (target) stop(target);
        }
        if (message.method === 'shutdown') void shutdown();
        return;
      }
      handle(message.id, message.method, message.params).then(
        (reply) => {
          const { delivered } = reply;
          connection.send(
            { id: message.id, result: reply.result },
            delivered && (() => void delivered()),
          );
        },
        (error: DeliveredError) => {
          const { delivered } = error;
          connection.send(
            {
              id: message.id,
              error: {
                code: typeof error.code === 'number' ? error.code : RPC_ERRORS.internalError,
                message: error.message ?? String(error),
              },
            },
            delivered && (() => void delivered()),
          );
        },
      );
    },
  });

  const stop = (execution: Execution) => {
    if (execution.status !== 'running') return;
    execution.status = 'cancelled';
    execution.run?.cancel();
  };

  // Emacs stopping the bridge on purpose (`shutdown`, as a request or a notification) cancels
  // the running work and consumes its scripts' checkpoints, so the next bridge recovers none of
  // them. Input that closes without it (Emacs killed) leaves them for recovery.
  let stopping: Promise<void> | undefined;
  const shutdown = (): Promise<void> => {
    stopping ??= Promise.all(
      [...executions.values()]
        .filter((execution) => execution.status === 'running')
        .map(async (execution) => {
          stop(execution);
          await execution.run?.outcome.catch(() => undefined);
          const set = tools;
          if (execution.tool === 'ToolCall' && set !== undefined) {
            await settle(set, execution.toolUseId);
          }
        }),
    ).then(() => undefined);
    return stopping;
  };

  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
  // A process-control failure (an unknown id, input refused) is the client's bad params.
  const processValue = <T>(result: ProcessResult<T>): T => {
    if (!result.success) throw rpcError(RPC_ERRORS.invalidParams, result.error.message);
    return result.value;
  };

  /** The current tool set once the latest initialize made it. */
  const toolsReady = async (): Promise<BridgeToolSet> => {
    await ready;
    if (tools === undefined) throw rpcError(RPC_ERRORS.invalidRequest, 'Call initialize first');
    return tools;
  };

  const onProgress = (progress: ToolCallProgress): void => {
    const execution = byToolUse.get(progress.envelopeId);
    connection.notify('toolcall/progress', {
      ...progress,
      ...(execution === undefined ? {} : { executionId: execution.id }),
    });
    if (execution === undefined || execution.status !== 'running') return;
    execution.view.progress = describeToolCallProgress(progress);
    renderLive(execution);
  };

  const initialize = async (params: {
    workspace?: string | undefined;
    mode?: PermissionMode | undefined;
    rules?: { allow?: string[]; deny?: string[]; ask?: string[] } | undefined;
    hostedTools?: string[] | undefined;
    customTools?: CustomToolDefinition[] | undefined;
    toolCall?: ToolCallSettings | undefined;
    stateDirectory?: string | undefined;
    sessionId?: string | undefined;
    patchReview?: boolean | undefined;
  }) => {
    // A bad rule is the caller's mistake: refused before anything is replaced.
    const rules = rulesOf(params.rules);
    const ports = createEmacsPorts(connection);
    // A killed bridge's scripts are recovered before this one's scripts write checkpoints; a
    // state directory that cannot hold them leaves scripts without checkpoints, and a warning.
    // A bad workspace or session id is refused here, before anything is replaced.
    const previous = session;
    const current = await openBridgeSession({
      workspace: params.workspace ?? options.workspace,
      sessionId: params.sessionId,
      stateDirectory: params.stateDirectory,
      previous,
    });
    session = current;
    // A second initialize replaces the tool set: stop the processes the first one started.
    void closeTools();
    await previous?.close();
    const custom = params.customTools ?? [];
    const limits = limitsOf(params.toolCall);
    const { parallelism, returnedLineThreshold } = params.toolCall ?? {};
    const set = createBridgeToolSet({
      session: current,
      mode: params.mode ?? 'ask',
      rules,
      extraTools: [
        ...createHostedTools(params.hostedTools ?? [], ports.callHosted),
        ...createCustomTools(custom, ports.callHosted),
        ...(options.extraTools ?? []),
      ],
      standaloneOnly: custom
        .filter((definition) => definition.composable === false)
        .map((definition) => `emacs/${definition.name}`),
      toolCall: {
        ...(parallelism === undefined ? {} : { parallelism }),
        ...(limits === undefined ? {} : { limits }),
        ...(returnedLineThreshold === undefined ? {} : { returnedLineThreshold }),
      },
      asker: ports.asker,
      askUser: ports.askUser,
      ...(params.patchReview === true ? { reviewPatch: ports.reviewPatch } : {}),
      onProgress,
    });
    tools = set;
    // The view hears background events as they arrive; the model gets them with its next result.
    const unsubscribeEvents = set.events.subscribe((event) => {
      const { type, owner, executionId, texts } = event;
      connection.notify('toolcall/event', { type, owner, executionId, text: texts.join('\n') });
    });
    // A signal ending the bridge stops this set's processes, then closes the session, before
    // the bridge exits.
    closeTools = registerHostCleanup(async () => {
      unsubscribeEvents();
      await set.close();
      await current.close();
    }).close;
    set.pipeline.subscribe((event) => {
      const changed = changedFilesOf(event, current.workspace);
      if (changed.length > 0) connection.notify('files/changed', { paths: changed });
      const execution = byToolUse.get(event.parentId ?? '');
      if (execution && applyChildEvent(execution.view, event)) renderLive(execution);
    });
    return {
      result: {
        protocolVersion: 1,
        serverInfo: { name: 'toolcall-bridge', version: VERSION },
        tools: set.pipeline.tools().map((tool) => tool.name),
        recovered: current.recovered.map((record) => recoveredView(record, set.renderers)),
        warnings: current.warnings,
        session: { id: current.id, directory: current.layout.directory },
      },
    };
  };

  const sendLive = (execution: Execution): void => {
    execution.lastRender = Date.now();
    if (execution.tool === 'ToolCall') {
      const journal = tools?.journals().find((entry) => entry.envelopeId === execution.toolUseId);
      if (journal !== undefined) applyJournal(execution.view, journal);
    }
    connection.notify('toolcall/render', {
      executionId: execution.id,
      tree: viewTreeOf(execution.view),
    });
  };

  const renderLive = (execution: Execution): void => {
    if (execution.status !== 'running' || execution.renderTimer !== undefined) return;
    const wait = execution.lastRender + LIVE_RENDER_MS - Date.now();
    if (wait <= 0) {
      sendLive(execution);
      return;
    }
    execution.renderTimer = setTimeout(() => {
      execution.renderTimer = undefined;
      if (execution.status === 'running') sendLive(execution);
    }, wait);
  };

  const execute = async (
    requestId: string | number,
    name: string,
    input: Record<string, unknown>,
  ) => {
    await ready;
    if (tools === undefined) throw rpcError(RPC_ERRORS.invalidRequest, 'Call initialize first');
    const set = tools;
    if (set.pipeline.tool(name) === undefined) {
      throw rpcError(RPC_ERRORS.invalidParams, `Unknown tool: ${name}`);
    }
    counter += 1;
    const id = `e${counter}`;
    const toolUseId = `${id}-${bridgeToken}`;
    const view: ViewCall = {
      id: toolUseId,
      tool: name,
      args: input,
      status: 'running',
      children: new Map(),
      renderers: set.renderers,
    };
    const label = typeof input.expression === 'string' ? input.expression : JSON.stringify(input);
    const execution: Execution = {
      id,
      toolUseId,
      requestId,
      tool: name,
      label: label.slice(0, 200),
      startedAt: new Date().toISOString(),
      run: undefined,
      view,
      status: 'running',
      lastRender: 0,
      renderTimer: undefined,
    };
    // Registered before runTool: a script's first nested call can start synchronously inside it.
    executions.set(id, execution);
    byToolUse.set(toolUseId, execution);
    byRequest.set(String(requestId), execution);
    sendLive(execution);
    const run = set.pipeline.runTool({ name, input, toolUseId, origin: 'programmatic' });
    execution.run = run;
    if (execution.status === 'cancelled') run.cancel();
    const outcome = await run.outcome;
    // The settled tree below replaces any live change still waiting to be sent.
    clearTimeout(execution.renderTimer);
    execution.renderTimer = undefined;
    byRequest.delete(String(requestId));
    byToolUse.delete(toolUseId);
    const cancelled = execution.status === 'cancelled';
    if (!cancelled) execution.status = outcome.status;
    view.result = outcome.result;
    view.status = cancelled ? 'cancelled' : outcome.status;
    view.queued = [];
    delete view.progress;
    if (outcome.renderData !== undefined) view.renderData = outcome.renderData;
    const tree = viewTreeOf(view);
    connection.notify('toolcall/render', { executionId: id, tree });
    // Emacs has the outcome once the reply is written: the script's checkpoint is consumed.
    const delivered = name === 'ToolCall' ? () => settle(set, toolUseId) : undefined;
    // Images a result attaches go to Emacs with it, read back from the session's media.
    const media = await set.media(outcome.media);
    if (cancelled) {
      throw Object.assign(rpcError(RPC_ERRORS.requestCancelled, 'Request cancelled'), {
        delivered,
      });
    }
    // What background work reported since the model's last result comes with this one, once.
    const events = set.events.take(ROOT_OWNER)?.text;
    const result =
      events === undefined
        ? outcome.result
        : `${typeof outcome.result === 'string' ? outcome.result : JSON.stringify(outcome.result)}\n\n${events}`;
    return {
      result: { executionId: id, status: outcome.status, result, tree, media },
      ...(delivered === undefined ? {} : { delivered }),
    };
  };

  const settle = async (set: BridgeToolSet, toolUseId: string): Promise<void> => {
    try {
      // Once per script: one stopped by shutdown is settled then and again when its reply goes.
      await set.settle(toolUseId);
    } catch {
      // A checkpoint left behind is reported as interrupted when the next bridge starts.
    }
  };

  const handle = async (
    requestId: string | number,
    method: string,
    raw: Record<string, unknown>,
  ): Promise<Reply> => {
    const schema = paramSchemas[method as MethodName];
    if (schema === undefined)
      throw rpcError(RPC_ERRORS.methodNotFound, `Method not found: ${method}`);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      throw rpcError(RPC_ERRORS.invalidParams, `Invalid params: ${describeIssues(parsed.error)}`);
    }
    const params = parsed.data as Record<string, unknown>;
    switch (method as MethodName) {
      case 'initialize': {
        const initialized = initialize(params);
        ready = initialized.catch(() => {});
        return initialized;
      }
      case 'tools/list':
        await ready;
        if (tools === undefined) throw rpcError(RPC_ERRORS.invalidRequest, 'Call initialize first');
        return {
          result: {
            tools: tools.pipeline.tools().map((tool) => ({
              name: tool.name,
              summary: tool.summary,
              arguments: argumentsOf(tool.inputSchema),
            })),
          },
        };
      case 'tools/call':
        return execute(
          requestId,
          params.name as string,
          (params.arguments ?? {}) as Record<string, unknown>,
        );
      case 'toolcall/run':
        return execute(requestId, 'ToolCall', { expression: params.expression });
      case 'executions/list':
        return {
          result: {
            executions: [...executions.values()].map(({ id, tool, label, startedAt, status }) => ({
              id,
              tool,
              label,
              startedAt,
              status,
            })),
          },
        };
      case 'executions/stop': {
        const execution = executions.get(params.id as string);
        if (execution === undefined)
          throw rpcError(RPC_ERRORS.invalidParams, `No execution ${params.id}`);
        stop(execution);
        return { result: { id: execution.id, status: execution.status } };
      }
      case 'processes/list':
        return { result: { processes: listProcesses(await toolsReady()) } };
      case 'processes/stop':
        return { result: processValue(await stopProcess(await toolsReady(), params.id as string)) };
      case 'processes/output':
        return {
          result: processValue(
            await readProcessOutput(
              await toolsReady(),
              params.id as string,
              params.tailBytes as number | undefined,
            ),
          ),
        };
      case 'processes/send':
        return {
          result: processValue(
            await sendToProcess(await toolsReady(), params.id as string, params.chars as string),
          ),
        };
      case 'shutdown':
        await shutdown();
        return { result: {} };
    }
  };

  return connection.closed.then(async () => {
    await stopping;
    await closeTools();
  });
}
