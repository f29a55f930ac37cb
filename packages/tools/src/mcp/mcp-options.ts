import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { PermissionAsker } from '@toolcall/pipeline';
import type { Session } from '../session/session.js';
import { DEFAULT_NO_ELICITATION_ADVICE } from './eliciting-asker.js';
import type { McpToolSet } from './mcp-tool-server.js';

/** Options of `createMcpToolServer`. */
export interface McpToolServerOptions {
  /** The server's name in the initialize result; `toolcall` by default. */
  readonly name?: string;
  /** The server's version in the initialize result; `0.0.0` by default. */
  readonly version?: string;
  /** Decides a permission ask when the client cannot elicit; a denial by default. */
  readonly fallback?: PermissionAsker;
  /** How to allow a call, told in the denial when the client cannot be asked. */
  readonly noElicitationAdvice?: string;
}

/** Options of `McpToolServer.connect`. */
export interface McpConnectOptions {
  /** The tool set served (its `askUser` and `onProgress` the server's own). */
  readonly toolSet: McpToolSet;
  /** Any MCP SDK server transport: stdio, streamable HTTP, an in-memory pair. */
  readonly transport: Transport;
  /**
   * What the initialize result tells the client; by default the tool set's specialist listing
   * and then its skill listing, each within its share of a 200,000-token context window.
   */
  readonly instructions?: string;
  /**
   * The tool set's session: attached media are read back from it, and a ToolCall's outcome,
   * once delivered, is settled there (`Session.settle`).
   */
  readonly session?: Pick<Session, 'media' | 'settle'>;
  /** Reads back an attached media item when there is no session (`SessionMediaSink.read`). */
  readonly readMedia?: (id: string) => Promise<Uint8Array | undefined>;
  /**
   * Told when a ToolCall's reply has been written or the client cancelled it; replaces the
   * default commit (`session.settle`, else the tool set's `commitToolCall` with `consume`).
   * Not called when the reply cannot be written or the connection closes first: the script
   * is then recovered as interrupted.
   */
  readonly onDelivered?: (toolUseId: string) => Promise<void>;
  /** Told when that commit fails. */
  readonly onCommitError?: (error: unknown) => void;
}

/** The context window the default instructions are budgeted against. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

const bad = (where: string, key: string, expected: string, value: unknown) =>
  new TypeError(`${where}: ${key} must be ${expected}, received ${String(value)}`);

/** `createMcpToolServer`'s options with their defaults, checked. */
export function normalizeServerOptions(options: McpToolServerOptions) {
  const given = Object.assign(Object.create(null), options) as McpToolServerOptions;
  const where = 'createMcpToolServer';
  for (const key of ['name', 'version', 'noElicitationAdvice'] as const) {
    if (given[key] !== undefined && typeof given[key] !== 'string') {
      throw bad(where, key, 'a string', given[key]);
    }
  }
  if (given.fallback !== undefined && typeof given.fallback !== 'function') {
    throw bad(where, 'fallback', 'a PermissionAsker function', given.fallback);
  }
  return {
    name: given.name ?? 'toolcall',
    version: given.version ?? '0.0.0',
    fallback: given.fallback,
    noElicitationAdvice: given.noElicitationAdvice ?? DEFAULT_NO_ELICITATION_ADVICE,
  };
}

/** `connect`'s options resolved: the media reader, the commit and the instructions. */
export function normalizeConnectOptions(options: McpConnectOptions) {
  const given = Object.assign(Object.create(null), options) as McpConnectOptions;
  const where = 'McpToolServer.connect';
  const { toolSet, transport, session } = given;
  if (typeof toolSet?.pipeline?.runTool !== 'function' || !Array.isArray(toolSet.native)) {
    throw bad(where, 'toolSet', 'a tool set (createToolSet)', toolSet);
  }
  if (typeof transport?.start !== 'function' || typeof transport.send !== 'function') {
    throw bad(where, 'transport', 'an MCP SDK Transport', transport);
  }
  for (const key of ['readMedia', 'onDelivered', 'onCommitError'] as const) {
    if (given[key] !== undefined && typeof given[key] !== 'function') {
      throw bad(where, key, 'a function', given[key]);
    }
  }
  if (given.instructions !== undefined && typeof given.instructions !== 'string') {
    throw bad(where, 'instructions', 'a string', given.instructions);
  }
  const noMedia = async () => undefined;
  return {
    toolSet,
    transport,
    instructions: given.instructions,
    readMedia: given.readMedia ?? (session ? (id: string) => session.media.read(id) : noMedia),
    delivered:
      given.onDelivered ??
      (async (toolUseId: string) => {
        if (session !== undefined) return session.settle(toolUseId);
        await toolSet.commitToolCall?.(toolUseId, { consume: true });
      }),
    onCommitError: given.onCommitError ?? (() => {}),
  };
}
