export { ToolsError, type ToolsErrorCode } from './errors.js';
export * from './web/index.js';
