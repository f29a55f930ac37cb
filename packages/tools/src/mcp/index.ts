export { createElicitingAsker, type ElicitingAskerOptions } from './eliciting-asker.js';
export {
  DEFAULT_CONTEXT_WINDOW,
  type McpConnectOptions,
  type McpToolServerOptions,
} from './mcp-options.js';
export {
  createMcpToolServer,
  MCP_EVENTS_LOGGER,
  type McpConnection,
  type McpToolServer,
  type McpToolSet,
} from './mcp-tool-server.js';
export {
  createStdioServerTransport,
  type StdioServerTransportOptions,
  WrittenStdioTransport,
} from './stdio-server-transport.js';
