import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Decided, HostFactory } from './host.js';
import { hostEnvironment, ruleFlags, toolcallBin } from './processes.js';

/**
 * A real `toolcall mcp` process driven by the official SDK client over stdio; questions arrive
 * as elicitation requests, which the suite records and declines.
 */
export const mcpHost: HostFactory = async ({ workspace, home, policy }) => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [toolcallBin, 'mcp', '-C', workspace, ...ruleFlags(policy)],
    cwd: workspace,
    env: hostEnvironment(home, policy) as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client(
    { name: 'security-suite', version: '1.0.0' },
    { capabilities: { elicitation: {} } },
  );
  let question: string | undefined;
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    question = request.params.message;
    return { action: 'decline' };
  });
  await client.connect(transport);
  return {
    name: 'mcp',
    async call(tool, input): Promise<Decided> {
      question = undefined;
      const reply = await client.callTool({ name: tool, arguments: input });
      const content = (reply.content ?? []) as { type: string; text?: string }[];
      const text = content.map((part) => part.text ?? '').join('\n');
      if (question !== undefined) return { decision: 'asked', text, question };
      if (reply.isError === true && /^(Error: )?Permission denied/m.test(text))
        return { decision: 'denied', text };
      return { decision: 'ran', text };
    },
    close: () => client.close(),
  };
};
