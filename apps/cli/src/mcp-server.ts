import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  describeToolCallProgress,
  type PermissionAnswer,
  type PermissionAsker,
  type PermissionRequest,
  type Pipeline,
  projectToolCall,
  type Tool,
  type ToolCallProgress,
  toMcpTool,
} from '@toolcall/pipeline';
import { type SessionMediaSink, uniqueToolUseId } from '@toolcall/tools';
import { describeRequest } from './asker.js';
import type { ReplyWatch } from './mcp-replies.js';
import type { ProgressHub } from './progress.js';

/**
 * The MCP server over a pipeline: the native tools, ToolSearch and ToolCall. The other tools
 * (web, navigation, execution control, upstream servers' tools) are found with ToolSearch and
 * called from ToolCall.
 */
export function createMcpServer(options: {
  pipeline: () => Pipeline;
  /** The tools listed and callable directly. */
  tools: () => readonly Tool[];
  media: SessionMediaSink;
  version: string;
  /** What the initialize result tells the client: the specialist listing. */
  instructions?: string;
  /** ToolCall's live aggregates, sent as progress notifications. */
  progress?: Pick<ProgressHub, 'subscribe'>;
  /** What becomes of the replies: the transport given to `connect` must be one it watches. */
  replies: ReplyWatch;
  /**
   * Called once the reply carrying a ToolCall's outcome has been written, or the client has
   * cancelled the call (it expects no reply): its checkpoint can go. Not called when the
   * reply cannot be written or the connection closes first: the script is then recovered as
   * interrupted.
   */
  onSent?: (toolUseId: string) => Promise<void>;
}): Server {
  const server = new Server(
    { name: 'toolcall', version: options.version },
    {
      capabilities: { tools: {} },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    // Upstream tools are reached through ToolCall only.
    tools: options.tools().map((tool) => toMcpTool(tool)),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const pipeline = options.pipeline();
    const name = request.params.name;
    if (!options.tools().some((tool) => tool.name === name)) {
      const known = pipeline.tools().some((tool) => tool.name === name);
      return {
        content: [
          {
            type: 'text' as const,
            text: known
              ? `${name} is not offered directly: call it from ToolCall, e.g. (${name} …); ToolSearch shows its arguments.`
              : `Unknown tool ${name}; the tools offered are ${options
                  .tools()
                  .map((tool) => tool.name)
                  .join(', ')}.`,
          },
        ],
        isError: true,
      };
    }
    // Unique across processes: servers sharing a session keep their checkpoints apart.
    const toolUseId = uniqueToolUseId('mcp');
    const reply = options.replies.begin(extra.requestId, extra.signal);
    let sent: (() => Promise<void>) | undefined;
    const token = request.params._meta?.progressToken;
    let settled = 0;
    const notify = (message: string) =>
      void extra
        .sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token!, progress: settled, message },
        })
        .catch(() => {});
    // Progress: ToolCall's aggregate each time it changes (`Read, Grep · 3 done · 1 cancelled ·
    // 1 waiting for approval`); `progress` counts the nested calls that have settled.
    const unsubscribe =
      token === undefined || options.progress === undefined
        ? () => {}
        : options.progress.subscribe((update: ToolCallProgress) => {
            if (update.envelopeId !== toolUseId) return;
            settled = update.completed + update.failed + update.denied + update.cancelled;
            notify(describeToolCallProgress(update));
          });
    // A heartbeat keeps a client informed during a long call with no nested calls.
    const started = Date.now();
    const heartbeat =
      token === undefined
        ? undefined
        : setInterval(
            () =>
              notify(
                `running ${request.params.name} (${Math.round((Date.now() - started) / 1000)} s)`,
              ),
            1000,
          );
    heartbeat?.unref();
    const run = pipeline.runTool({
      name: request.params.name,
      input: request.params.arguments ?? {},
      toolUseId,
    });
    const cancel = () => run.cancel();
    extra.signal.addEventListener('abort', cancel, { once: true });
    // Cancelled before the handler started (in the same read as the request): no abort event
    // will come.
    if (extra.signal.aborted) cancel();
    try {
      const outcome = await run.outcome;
      const projected =
        outcome.toolName === 'ToolCall'
          ? await projectToolCall(pipeline, outcome)
          : await pipeline.project(outcome);
      const images = (
        await Promise.all(
          projected.media.map(async (reference) => {
            const bytes = await options.media.read(reference.id);
            return bytes === undefined
              ? []
              : [
                  {
                    type: 'image' as const,
                    data: Buffer.from(bytes).toString('base64'),
                    mimeType: reference.mimeType,
                  },
                ];
          }),
        )
      ).flat();
      if (outcome.toolName === 'ToolCall') sent = async () => options.onSent?.(toolUseId);
      return {
        content: [{ type: 'text' as const, text: projected.text }, ...images],
        isError: projected.isError,
      };
    } finally {
      extra.signal.removeEventListener('abort', cancel);
      unsubscribe();
      if (heartbeat !== undefined) clearInterval(heartbeat);
      await reply.end(sent);
    }
  });
  return server;
}

/** The longest timer Node keeps (about 24.8 days): in effect, no limit on a person's answer. */
const PERSON_WAIT_MS = 2_147_483_647;

/**
 * Asks through MCP elicitation when the client supports it, and otherwise falls back to the
 * configured policy: `--yes` approves; anything else denies, saying that no one could be asked.
 * A call cancelled while the client is asked cancels the elicitation request.
 */
export function createElicitingAsker(
  server: Server,
  fallback: PermissionAsker | undefined,
): PermissionAsker {
  return async (request: PermissionRequest): Promise<PermissionAnswer> => {
    if (server.getClientCapabilities()?.elicitation === undefined) {
      if (fallback !== undefined) return fallback(request);
      // Nobody declined: this client cannot be asked, so say so and how to allow the call.
      return {
        outcome: 'deny',
        reason: `approval is required (${request.reason}) and no one can be asked: the MCP client does not support elicitation; allow it with a rule or start the server with --yes`,
      };
    }
    // The pipeline ignores the answer for a cancelled call: nobody needs to be asked.
    if (request.signal.aborted) return 'deny';
    let answer: Awaited<ReturnType<Server['elicitInput']>>;
    try {
      // Cancelling the call cancels the elicitation too: the SDK sends the client
      // `notifications/cancelled` for it and no longer waits for its answer.
      answer = await server.elicitInput(
        {
          message: `${describeRequest(request)} (${request.reason})`,
          requestedSchema: {
            type: 'object',
            properties: {
              decision: {
                type: 'string',
                title: 'Allow this call?',
                enum: ['allow-once', 'allow-always', 'deny'],
              },
            },
            required: ['decision'],
          },
        },
        // A person may take as long as they need: the SDK's 60 s default would deny the call
        // while they read it. The call's own cancellation still ends the wait.
        { signal: request.signal, timeout: PERSON_WAIT_MS },
      );
    } catch (error) {
      if (request.signal.aborted) return 'deny';
      throw error;
    }
    if (answer.action !== 'accept') return 'deny';
    const decision = answer.content?.decision;
    return decision === 'allow-once' || decision === 'allow-always' ? decision : 'deny';
  };
}
