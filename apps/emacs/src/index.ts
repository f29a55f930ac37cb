export type { DeliveredMedia } from './delivered-media.js';
export { HOSTED_TOOL_NAMES } from './hosted-tools.js';
export { RPC_ERRORS } from './protocol.js';
export { type BridgeOptions, serveBridge } from './server.js';
export { loadToolsModule, type ToolsModuleOptions } from './tools-module.js';
