export * from './ask/index.js';
export { ToolsError, type ToolsErrorCode } from './errors.js';
export * from './navigation/index.js';
export * from './web/index.js';
