import { describe, expect, it } from 'vitest';
import { createCatalog } from './catalog/index.js';
import { defineTool } from './define-tool.js';
import { z } from './index.js';
import { createPipeline } from './pipeline.js';
import {
  toAnthropicTool,
  toMcpTool,
  toOpenAIResponsesTool,
  toOpenAITool,
} from './provider-schemas.js';
import { createToolCallDriver, createToolCallTool } from './ptc/index.js';
import { fetchTool } from './testing/tools.js';
import { wrapTool } from './wrap-tool.js';

describe('provider schemas', () => {
  it('builds the Anthropic, OpenAI and MCP shapes from the same schema', () => {
    const schema = fetchTool.inputSchema;
    expect([toAnthropicTool(fetchTool), toOpenAITool(fetchTool), toMcpTool(fetchTool)]).toEqual([
      { name: 'Fetch', description: 'Fetches a URL.', input_schema: schema },
      {
        type: 'function',
        function: { name: 'Fetch', description: 'Fetches a URL.', parameters: schema },
      },
      {
        name: 'Fetch',
        description: 'Fetches a URL.',
        inputSchema: schema,
        annotations: { readOnlyHint: true, destructiveHint: false },
      },
    ]);
  });

  it('builds the OpenAI Responses function tool, strict mode off', () => {
    expect(toOpenAIResponsesTool(fetchTool)).toEqual({
      type: 'function',
      name: 'Fetch',
      description: 'Fetches a URL.',
      parameters: fetchTool.inputSchema,
      strict: false,
    });
  });

  it('keeps the object type where an override leaves it out', () => {
    const schema = toAnthropicTool(fetchTool, ({ type: _type, ...rest }) => rest).input_schema;
    expect(schema).toEqual({ ...fetchTool.inputSchema, type: 'object' });
  });

  it('never leaks a per-request override into the registry', () => {
    const narrowed = toAnthropicTool(fetchTool, (schema) => {
      (schema.properties as Record<string, Record<string, unknown>>).url!.enum = [
        'https://a.example',
      ];
      return schema;
    });
    expect((narrowed.input_schema.properties as Record<string, unknown>).url).toEqual({
      type: 'string',
      enum: ['https://a.example'],
    });
    expect(toAnthropicTool(fetchTool).input_schema.properties).toEqual(
      fetchTool.inputSchema.properties,
    );
    expect((fetchTool.inputSchema.properties as Record<string, unknown>).url).toEqual({
      type: 'string',
    });
  });

  it('uses a provider-safe name for wrapped tools', () => {
    const tool = wrapTool({
      category: 'gh',
      name: 'search',
      description: 'Search.',
      source: () => ({ inputSchema: { type: 'object' }, call: () => 'x' }),
    });
    expect([toOpenAITool(tool).function.name, toMcpTool(tool).name]).toEqual([
      'gh__search',
      'gh/search',
    ]);
  });
});

describe('MCP annotations', () => {
  const tool = (extra: Record<string, unknown>) =>
    defineTool({
      name: 'T',
      description: 'A tool.',
      args: z.object({}),
      handler: () => 'ok',
      ...extra,
    });

  it('follow the flags by default: read-only is never destructive, anything else may be', () => {
    expect(toMcpTool(tool({ readOnly: true })).annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
    });
    expect(toMcpTool(tool({})).annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
    });
  });

  it('take what the tool declares over the flags', () => {
    expect(
      toMcpTool(
        tool({
          readOnly: true,
          annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
        }),
      ).annotations,
    ).toEqual({ readOnlyHint: false, destructiveHint: false, openWorldHint: true });
  });

  it('reject unknown hints and non-boolean values, naming them', () => {
    expect(() => tool({ annotations: { readOnly: true } })).toThrow(
      /unknown annotation `readOnly`; expected readOnlyHint, destructiveHint, idempotentHint, openWorldHint/,
    );
    expect(() => tool({ annotations: { openWorldHint: 'yes' } })).toThrow(
      /annotation `openWorldHint` must be a boolean/,
    );
  });

  it('tell a client that ToolCall may change files and reach the network', () => {
    const driver = createToolCallDriver({ pipeline: createPipeline({ tools: [] }) });
    const toolCall = createToolCallTool({ driver, catalog: () => createCatalog({ tools: [] }) });
    expect([toolCall.readOnly, toMcpTool(toolCall).annotations]).toEqual([
      true,
      { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    ]);
  });
});
