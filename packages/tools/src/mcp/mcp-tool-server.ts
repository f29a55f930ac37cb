import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { type PermissionAsker, type ToolCallProgress, toMcpTool } from '@toolcall/pipeline';
import type { ToolSet } from '../tool-set.js';
import { callTool } from './call-tool.js';
import { createElicitingAsker } from './eliciting-asker.js';
import {
  DEFAULT_CONTEXT_WINDOW,
  type McpConnectOptions,
  type McpToolServerOptions,
  normalizeConnectOptions,
  normalizeServerOptions,
} from './mcp-options.js';
import { ReplyWatch } from './reply-watch.js';

/** The MCP server of one tool set: wire its asker and progress in, then connect a transport. */
export interface McpToolServer {
  /**
   * The tool set's `askUser`: asks the connected client through elicitation, or, when it
   * cannot elicit, the `fallback` (denial by default).
   */
  readonly askUser: PermissionAsker;
  /** The tool set's `onProgress`: ToolCall's aggregates, sent as progress notifications. */
  readonly onProgress: (progress: ToolCallProgress) => void;
  /** Serves `toolSet` over `transport`; once per server. */
  connect(options: McpConnectOptions): Promise<McpConnection>;
}

/** A served connection. */
export interface McpConnection {
  /** The SDK server, for what an embedder sends besides tool results; `onclose` is taken. */
  readonly server: Server;
  /** Resolves once the connection has closed (the client left, or `close`). */
  readonly closed: Promise<void>;
  /** Closes the connection; calls still running are cancelled and get no reply. */
  close(): Promise<void>;
}

/** The tools a client can call directly and the listing of the rest, as `ToolSet` has them. */
export type McpToolSet = Pick<ToolSet, 'pipeline' | 'native'> &
  Partial<Pick<ToolSet, 'listing' | 'skillListing' | 'commitToolCall' | 'events'>>;

/**
 * What a client is told at initialize unless the host says otherwise: the specialist listing of
 * the tool set's discoverable tools, then its skill listing, each within its share of a
 * 200,000-token context window.
 */
async function defaultInstructions(toolSet: McpToolSet): Promise<string | undefined> {
  const window = { contextWindow: DEFAULT_CONTEXT_WINDOW };
  const parts = [
    toolSet.listing?.(window).text,
    (await toolSet.skillListing?.(window).catch(() => undefined))?.text,
  ].filter((part): part is string => part !== undefined && part.trim() !== '');
  return parts.length === 0 ? undefined : parts.join('\n\n');
}

/** The logger name of the background events the server sends as log notifications. */
export const MCP_EVENTS_LOGGER = 'toolcall/events';

/**
 * Creates the MCP server of a tool set: the client is offered the tool set's native tools
 * (ToolSearch and ToolCall among them) and told the specialist listing of the rest as its
 * instructions; calls run through the pipeline with the provider projection (oversized output
 * persisted, media attached as images), permission asks go to the client as elicitation
 * requests, ToolCall's progress as notifications, and the client's cancellation cancels the
 * call. A ToolCall's checkpoint is committed only once its reply has been written.
 */
export function createMcpToolServer(options: McpToolServerOptions = {}): McpToolServer {
  const settings = normalizeServerOptions(options);
  let server: Server | undefined;
  const listeners = new Set<(progress: ToolCallProgress) => void>();
  return {
    askUser: createElicitingAsker({
      server: () => server,
      fallback: settings.fallback,
      noElicitationAdvice: settings.noElicitationAdvice,
    }),
    onProgress(progress) {
      for (const listener of listeners) {
        try {
          listener(progress);
        } catch {
          // A notification that failed must not fail the script.
        }
      }
    },
    async connect(connectOptions) {
      if (server !== undefined) {
        throw new TypeError(
          'McpToolServer.connect: this server is connected already; create one per connection',
        );
      }
      const given = normalizeConnectOptions(connectOptions);
      const { toolSet } = given;
      const instructions = given.instructions ?? (await defaultInstructions(toolSet));
      const mcp = new Server(
        { name: settings.name, version: settings.version },
        {
          capabilities: { tools: {}, logging: {} },
          ...(instructions ? { instructions } : {}),
        },
      );
      server = mcp;
      const replies = new ReplyWatch(given.onCommitError);
      const context = {
        pipeline: toolSet.pipeline,
        native: toolSet.native,
        replies,
        subscribe: (listener: (progress: ToolCallProgress) => void) => {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
        readMedia: given.readMedia,
        delivered: given.delivered,
      };
      mcp.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: toolSet.native.map((tool) => toMcpTool(tool)),
      }));
      mcp.setRequestHandler(CallToolRequestSchema, (request, extra) =>
        callTool(context, request, extra),
      );
      // Background events (Monitor lines, a yielded command's end) reach the model with its next
      // result; a client that shows logs also sees them as they happen, at level info, under
      // `logging/setLevel` as MCP defines it.
      const unsubscribe = toolSet.events?.subscribe((event) => {
        const { type, owner, executionId, texts } = event;
        mcp
          .sendLoggingMessage({
            level: 'info',
            logger: MCP_EVENTS_LOGGER,
            data: { type, owner, executionId, text: texts.join('\n') },
          })
          .catch(() => undefined);
      });
      const closed = new Promise<void>((resolve) => {
        mcp.onclose = () => {
          unsubscribe?.();
          resolve();
        };
      });
      await mcp.connect(replies.watch(given.transport));
      return { server: mcp, closed, close: () => mcp.close() };
    },
  };
}
