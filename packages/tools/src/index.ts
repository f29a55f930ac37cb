export { ToolsError, type ToolsErrorCode } from './errors.js';
