import type { SharedTarget } from './address-types.js';
import type { ResourceContext } from './family-handler.js';

/** A retained agent as the host's registry names it. */
export interface RetainedAgent {
  /** Canonical retained path with its leading slash: `/root` or `/root/worker`. */
  readonly path: string;
  readonly description?: string;
}

/** An agent's latest settled turn, or a running agent that has none ready. */
export type AgentResult =
  | {
      readonly state: 'settled';
      /** The complete final (or partial, for errored and interrupted turns) payload. */
      readonly payload: string;
      readonly outcome: 'completed' | 'errored' | 'interrupted';
    }
  | { readonly state: 'running' };

/** Host-owned `agent://` content: retained agents and their settled results. */
export interface AgentProvider {
  /** Retained agents (without `/root` itself), in any order; listings sort them. */
  list(context: ResourceContext): Promise<readonly RetainedAgent[]>;
  /** The latest result of `/root/…`, or undefined when no such retained agent exists. */
  read(agentPath: string, context: ResourceContext): Promise<AgentResult | undefined>;
}

/** Host-owned live `history://` content: retained conversations as concise Markdown. */
export interface HistoryProvider {
  /** Conversations that can be rendered, including `/root`. */
  list(context: ResourceContext): Promise<readonly RetainedAgent[]>;
  /** The Markdown projection of `/root` or `/root/…`, or undefined when it does not exist. */
  render(agentPath: string, context: ResourceContext): Promise<string | undefined>;
}

/** A configured MCP server and whether it is connected. */
export interface McpServerInfo {
  readonly name: string;
  readonly available: boolean;
}

/** A resource a connected MCP server advertises. */
export interface McpResourceInfo {
  readonly uri: string;
  readonly name?: string;
  readonly mimeType?: string;
}

/** One content item of an MCP `resources/read` answer (text or base64 blob). */
export interface McpResourceContent {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text?: string;
  readonly blob?: string;
}

/** Host-owned `mcp://` content, read fresh through the configured connections. */
export interface McpProvider {
  listServers(context: ResourceContext): Promise<readonly McpServerInfo[]>;
  /** Advertised resources, or undefined for an unknown or disconnected server. */
  listResources(
    server: string,
    context: ResourceContext,
  ): Promise<readonly McpResourceInfo[] | undefined>;
  /** The native resource's contents, or undefined when the server or resource is unknown. */
  readResource(
    server: string,
    uri: string,
    context: ResourceContext,
  ): Promise<readonly McpResourceContent[] | undefined>;
}

/** A shared document or library view: text (one hashed line per element) or an image. */
export type SharedContent =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'image'; readonly data: Uint8Array; readonly mimeType: string };

/** Host-owned `shared://` content: collaborative documents and element libraries. */
export interface SharedProvider {
  /** Shared documents by id (`[a-zA-Z0-9_-]{1,80}`). */
  list(
    context: ResourceContext,
  ): Promise<readonly { readonly id: string; readonly title?: string }[]>;
  /** The view a target names, or undefined when it does not exist. */
  read(target: SharedTarget, context: ResourceContext): Promise<SharedContent | undefined>;
}

/** The host-owned families a resolver serves through injected providers. */
export interface ResourceProviders {
  readonly agent?: AgentProvider;
  readonly history?: HistoryProvider;
  readonly mcp?: McpProvider;
  readonly shared?: SharedProvider;
}
