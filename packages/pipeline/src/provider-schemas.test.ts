import { describe, expect, it } from 'vitest';
import { toAnthropicTool, toMcpTool, toOpenAITool } from './provider-schemas.js';
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
