import { copyJson, type JsonObject } from './json.js';
import type { Tool } from './tool-types.js';

/** A per-request change to a tool's schema, applied to a copy (e.g. narrowing an enum). */
export type SchemaOverride = (
  schema: Record<string, unknown>,
) => Record<string, unknown> | undefined;

/**
 * A tool's input schema as provider SDKs type it: an object schema whose other keywords pass
 * through (assignable to the Anthropic SDK's `Tool.InputSchema`, the MCP SDK's `inputSchema`
 * and OpenAI's `FunctionParameters`).
 */
export interface ObjectSchema {
  type: 'object';
  [keyword: string]: unknown;
}

/** The Anthropic Messages API tool shape (assignable to `Anthropic.Tool`). */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ObjectSchema;
}

/** The OpenAI Chat Completions function tool shape (assignable to `ChatCompletionTool`). */
export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: ObjectSchema };
}

/** The OpenAI Responses API function tool shape (assignable to `Responses.FunctionTool`). */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: ObjectSchema;
  /** Off: strict mode needs every property required, which optional arguments are not. */
  strict: false;
}

/** The MCP `tools/list` entry shape (assignable to the MCP SDK's `Tool`). */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: ObjectSchema;
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
}

/** A provider-safe name: `category/name` becomes `category__name` where `/` is not allowed. */
export function providerName(tool: Tool): string {
  return tool.name.replace(/\//g, '__');
}

function schemaCopy(tool: Tool, override: SchemaOverride | undefined): ObjectSchema {
  // Every projection starts from a fresh copy, so an override never reaches the registry.
  const copy = copyJson(tool.inputSchema as JsonObject) as Record<string, unknown>;
  const schema = override === undefined ? copy : (override(copy) ?? copy);
  // Registered schemas describe argument objects; say so where an override left it unsaid.
  return (schema.type === undefined ? { type: 'object', ...schema } : schema) as ObjectSchema;
}

/** The tool as an Anthropic tool definition. */
export function toAnthropicTool(tool: Tool, override?: SchemaOverride): AnthropicTool {
  return {
    name: providerName(tool),
    description: tool.description,
    input_schema: schemaCopy(tool, override),
  };
}

/** The tool as an OpenAI function tool. */
export function toOpenAITool(tool: Tool, override?: SchemaOverride): OpenAITool {
  return {
    type: 'function',
    function: {
      name: providerName(tool),
      description: tool.description,
      parameters: schemaCopy(tool, override),
    },
  };
}

/** The tool as an OpenAI Responses API function tool. */
export function toOpenAIResponsesTool(tool: Tool, override?: SchemaOverride): OpenAIResponsesTool {
  return {
    type: 'function',
    name: providerName(tool),
    description: tool.description,
    parameters: schemaCopy(tool, override),
    strict: false,
  };
}

/** The tool as an MCP tool listing entry (MCP names may keep `category/name`). */
export function toMcpTool(tool: Tool, override?: SchemaOverride): McpTool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: schemaCopy(tool, override),
    annotations: mcpAnnotations(tool),
  };
}

// MCP's defaults: a tool that is not read-only may be destructive unless it says otherwise.
function mcpAnnotations(tool: Tool): McpTool['annotations'] {
  const declared = tool.annotations ?? {};
  const readOnlyHint = declared.readOnlyHint ?? tool.readOnly;
  const annotations: McpTool['annotations'] = {
    readOnlyHint,
    destructiveHint: declared.destructiveHint ?? (tool.destructive || !readOnlyHint),
  };
  if (declared.idempotentHint !== undefined) annotations.idempotentHint = declared.idempotentHint;
  if (declared.openWorldHint !== undefined) annotations.openWorldHint = declared.openWorldHint;
  return annotations;
}
