export { askRenderer } from './ask-renderer.js';
export { type AskToolOptions, createAskTool } from './ask-tool.js';
export type {
  AskAnswer,
  AskOption,
  AskQuestion,
  AskRequest,
  AskResponse,
  AskUser,
} from './types.js';
