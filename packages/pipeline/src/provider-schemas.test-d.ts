import type Anthropic from '@anthropic-ai/sdk';
import type { Tool as McpSdkTool } from '@modelcontextprotocol/sdk/types.js';
import type OpenAI from 'openai';
import { expectTypeOf } from 'vitest';
import type { PermissionAnswer } from './permissions/types.js';
import { createPipeline } from './pipeline.js';
import {
  toAnthropicTool,
  toMcpTool,
  toOpenAIResponsesTool,
  toOpenAITool,
} from './provider-schemas.js';
import type { Tool } from './tool-types.js';
import { wrapTool } from './wrap-tool.js';

declare const tool: Tool;

// Each projection is assignable to the SDK's own tool type, with no cast.
const anthropic: Anthropic.Tool = toAnthropicTool(tool);
const anthropicUnion: Anthropic.ToolUnion[] = [tool].map((item) => toAnthropicTool(item));
const chat: OpenAI.ChatCompletionTool[] = [tool].map((item) => toOpenAITool(item));
const chatFunction: OpenAI.ChatCompletionFunctionTool = toOpenAITool(tool);
const responses: OpenAI.Responses.Tool[] = [tool].map((item) => toOpenAIResponsesTool(item));
const responsesFunction: OpenAI.Responses.FunctionTool = toOpenAIResponsesTool(tool);
const mcp: McpSdkTool = toMcpTool(tool);
expectTypeOf([
  anthropic,
  anthropicUnion,
  chat,
  chatFunction,
  responses,
  responsesFunction,
  mcp,
]).not.toBeAny();

// An MCP SDK tool listing entry wraps as it comes.
declare const listed: McpSdkTool;
wrapTool({
  category: 'upstream',
  name: listed.name,
  description: listed.description ?? '',
  source: () => ({ inputSchema: listed.inputSchema, call: async () => 'ok' }),
});

// An asker written inline needs no annotation when it answers through a condition or at once;
// an async one answering with a bare literal needs its return type (TypeScript widens it).
createPipeline({ asker: () => 'deny' });
createPipeline({ asker: async (request) => (request.toolName === 'Read' ? 'allow-once' : 'deny') });
createPipeline({ asker: async (): Promise<PermissionAnswer> => 'allow-once' });
