import { type ToolBinding, ToolDenied } from '../src/index.js';

/** The fake tool roster every conformance file runs against; `ran` collects each tool run, in order. */
export function specTools(ran: string[] = []): Record<string, ToolBinding> {
  const tools: Record<string, ToolBinding> = {
    Read: {
      inputSchema: {
        type: 'object',
        properties: {
          file_path: { type: 'string' },
          offset: { type: 'integer' },
          limit: { type: 'integer' },
        },
        required: ['file_path'],
      },
      call: async (args) =>
        String(args.file_path).startsWith('missing')
          ? { error: `File not found: ${String(args.file_path)}` }
          : `content of ${String(args.file_path)}`,
    },
    Grep: {
      inputSchema: {
        type: 'object',
        properties: {
          pattern: { type: 'string' },
          path: { type: 'string' },
          output_mode: { type: 'string' },
          multiline: { type: 'boolean' },
          glob: { type: 'array', items: { type: 'string' } },
        },
      },
      call: async (args) => JSON.stringify(args),
    },
    Echo: {
      inputSchema: {
        type: 'object',
        properties: {
          value: {},
          flag: { type: 'boolean' },
          options: { type: 'object', properties: { deep: { type: 'boolean' } } },
          items: { type: 'array' },
        },
      },
      call: async (args) => args,
    },
    Ask: {
      standaloneOnly: true,
      inputSchema: { type: 'object', properties: { question: { type: 'string' } } },
      call: async () => 'yes',
    },
    Deny: { call: async () => Promise.reject(new ToolDenied('Deny is not allowed')) },
    Big: { call: async () => 'x'.repeat(2_000_000) },
    Fail: { call: async () => Promise.reject(new Error('handler crashed')) },
    Skill: {
      standaloneOnly: true,
      inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
      call: async (args) => `skill ${String(args.name ?? 'none')}`,
    },
    Probe: { call: async (args) => args },
    Other: { call: async (args) => args },
    Lookup: {
      inputSchema: {
        type: 'object',
        properties: { key: { type: 'string' }, max_results: { type: 'integer' } },
        required: ['key'],
      },
      call: async (args) => `found ${String(args.key)}`,
    },
    Open: {
      inputSchema: {
        type: 'object',
        properties: { key: { type: 'string' } },
        additionalProperties: true,
      },
      call: async (args) => args,
    },
  };
  for (const [name, binding] of Object.entries(tools)) {
    const call = binding.call;
    binding.call = (args, context) => {
      ran.push(name);
      return call(args, context);
    };
  }
  return tools;
}
