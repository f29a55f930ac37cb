import type Anthropic from '@anthropic-ai/sdk';
import type { ToolSet as AiToolSet } from 'ai';
import type OpenAI from 'openai';
import { expectTypeOf } from 'vitest';
import type { ToolSet } from '../tool-set.js';
import type { AiSdkTools } from './ai-sdk.js';
import { type AnthropicToolResult, anthropicTools } from './anthropic.js';
import { type OpenAIToolMessage, openAITools } from './openai.js';

declare const toolSet: ToolSet;
declare const anthropicResults: AnthropicToolResult[];
declare const openAIMessages: OpenAIToolMessage[];
declare const aiSdk: AiSdkTools;

// What the adapters produce goes into the SDKs' own requests with no cast.
const tools: Anthropic.ToolUnion[] = anthropicTools(toolSet);
const user: Anthropic.MessageParam = { role: 'user', content: anthropicResults };
const chatTools: OpenAI.ChatCompletionTool[] = openAITools(toolSet);
const messages: OpenAI.ChatCompletionMessageParam[] = openAIMessages;
const aiTools: AiToolSet = aiSdk.tools;
expectTypeOf([tools, user, chatTools, messages, aiTools]).not.toBeAny();
