import type { Readable, Writable } from 'node:stream';
import { argumentsOf, type PermissionMode, type Tool, type ToolRun } from '@toolcall/pipeline';
import { createConnection } from './connection.js';
import { createEmacsPorts } from './emacs-ports.js';
import { createCustomTools, createHostedTools } from './hosted-tools.js';
import {
  type CustomToolDefinition,
  describeIssues,
  type MethodName,
  paramSchemas,
  RPC_ERRORS,
} from './protocol.js';
import { type BridgeToolSet, createBridgeToolSet } from './tool-set.js';
import { applyChildEvent, type ViewCall, viewTreeOf } from './view-tree.js';

/** How the bridge is started: its streams, the default workspace and any extra tools. */
export interface BridgeOptions {
  input: Readable;
  output: Writable;
  workspace: string;
  extraTools?: readonly Tool[];
}

interface Execution {
  id: string;
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

/** Serves the bridge protocol until the input closes; resolves then. */
export function serveBridge(options: BridgeOptions): Promise<void> {
  let tools: BridgeToolSet | undefined;
  const executions = new Map<string, Execution>();
  const byRequest = new Map<string, Execution>();
  let counter = 0;

  const connection = createConnection({
    input: options.input,
    output: options.output,
    onMessage: (message) => {
      if (message.kind === 'notification') {
        if (message.method === '$/cancelRequest') {
          const target = byRequest.get(String(message.params.id));
          if (target) stop(target);
        }
        return;
      }
      handle(message.id, message.method, message.params).then(
        (result) => connection.send({ id: message.id, result }),
        (error: { code?: number; message?: string }) =>
          connection.send({
            id: message.id,
            error: {
              code: typeof error.code === 'number' ? error.code : RPC_ERRORS.internalError,
              message: error.message ?? String(error),
            },
          }),
      );
    },
  });

  const stop = (execution: Execution) => {
    if (execution.status !== 'running') return;
    execution.status = 'cancelled';
    execution.run?.cancel();
  };

  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

  const initialize = (params: {
    workspace?: string | undefined;
    mode?: PermissionMode | undefined;
    hostedTools?: string[] | undefined;
    customTools?: CustomToolDefinition[] | undefined;
  }) => {
    const ports = createEmacsPorts(connection);
    // A second initialize replaces the tool set: stop the processes the first one started.
    void tools?.close();
    tools = createBridgeToolSet({
      workspace: params.workspace ?? options.workspace,
      mode: params.mode ?? 'ask',
      extraTools: [
        ...createHostedTools(params.hostedTools ?? [], ports.callHosted),
        ...createCustomTools(params.customTools ?? [], ports.callHosted),
        ...(options.extraTools ?? []),
      ],
      asker: ports.asker,
      askUser: ports.askUser,
      onProgress: (progress) => connection.notify('toolcall/progress', { ...progress }),
    });
    tools.pipeline.subscribe((event) => {
      const execution = executions.get(event.parentId ?? '');
      if (execution && applyChildEvent(execution.view, event)) renderLive(execution);
    });
    return {
      protocolVersion: 1,
      serverInfo: { name: 'toolcall-bridge', version: VERSION },
      tools: tools.pipeline.tools().map((tool) => tool.name),
    };
  };

  const sendLive = (execution: Execution): void => {
    execution.lastRender = Date.now();
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
    if (tools === undefined) throw rpcError(RPC_ERRORS.invalidRequest, 'Call initialize first');
    if (tools.pipeline.tool(name) === undefined) {
      throw rpcError(RPC_ERRORS.invalidParams, `Unknown tool: ${name}`);
    }
    counter += 1;
    const id = `e${counter}`;
    const view: ViewCall = { id, tool: name, args: input, status: 'running', children: new Map() };
    const label = typeof input.expression === 'string' ? input.expression : JSON.stringify(input);
    const execution: Execution = {
      id,
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
    byRequest.set(String(requestId), execution);
    sendLive(execution);
    const run = tools.pipeline.runTool({ name, input, toolUseId: id, origin: 'programmatic' });
    execution.run = run;
    if (execution.status === 'cancelled') run.cancel();
    const outcome = await run.outcome;
    // The settled tree below replaces any live change still waiting to be sent.
    clearTimeout(execution.renderTimer);
    execution.renderTimer = undefined;
    byRequest.delete(String(requestId));
    const cancelled = execution.status === 'cancelled';
    if (!cancelled) execution.status = outcome.status;
    view.result = outcome.result;
    view.status = cancelled ? 'cancelled' : outcome.status;
    if (outcome.renderData !== undefined) view.renderData = outcome.renderData;
    const tree = viewTreeOf(view);
    connection.notify('toolcall/render', { executionId: id, tree });
    if (cancelled) throw rpcError(RPC_ERRORS.requestCancelled, 'Request cancelled');
    return { executionId: id, status: outcome.status, result: outcome.result, tree };
  };

  const handle = async (
    requestId: string | number,
    method: string,
    raw: Record<string, unknown>,
  ) => {
    const schema = paramSchemas[method as MethodName];
    if (schema === undefined)
      throw rpcError(RPC_ERRORS.methodNotFound, `Method not found: ${method}`);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      throw rpcError(RPC_ERRORS.invalidParams, `Invalid params: ${describeIssues(parsed.error)}`);
    }
    const params = parsed.data as Record<string, unknown>;
    switch (method as MethodName) {
      case 'initialize':
        return initialize(params);
      case 'tools/list':
        if (tools === undefined) throw rpcError(RPC_ERRORS.invalidRequest, 'Call initialize first');
        return {
          tools: tools.pipeline.tools().map((tool) => ({
            name: tool.name,
            summary: tool.summary,
            arguments: argumentsOf(tool.inputSchema),
          })),
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
          executions: [...executions.values()].map(({ id, tool, label, startedAt, status }) => ({
            id,
            tool,
            label,
            startedAt,
            status,
          })),
        };
      case 'executions/stop': {
        const execution = executions.get(params.id as string);
        if (execution === undefined)
          throw rpcError(RPC_ERRORS.invalidParams, `No execution ${params.id}`);
        stop(execution);
        return { id: execution.id, status: execution.status };
      }
      case 'shutdown':
        for (const execution of executions.values()) stop(execution);
        return {};
    }
  };

  return connection.closed.then(() => tools?.close());
}
