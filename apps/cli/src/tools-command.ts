import { parseArgs } from 'node:util';
import { uniqueToolUseId } from '@toolcall/tools';
import { commonOptions } from './common-options.js';
import type { CliIo } from './io.js';
import { setUp } from './setup.js';

/** `toolcall tools [QUERY]`: the tool listing, or ToolSearch's answer for a query. */
export async function toolsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.stderr.write(`toolcall tools: ${(error as Error).message}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const setup = await setUp(values, io);
  if (!setup.success) {
    io.stderr.write(`toolcall tools: ${setup.error}\n`);
    return 2;
  }
  const { pipeline } = setup.value;
  // Nothing here starts a process; close the exec manager so the command exits promptly.
  await setup.value.close();
  if (positionals.length > 0) {
    const outcome = await pipeline.runTool({
      name: 'ToolSearch',
      input: { query: positionals.join(' ') },
      toolUseId: uniqueToolUseId('tools'),
    }).outcome;
    io.stdout.write(`${String(outcome.result)}\n`);
    return outcome.status === 'success' ? 0 : 1;
  }
  const tools = pipeline.tools();
  if (values.json) {
    io.stdout.write(
      `${JSON.stringify(
        tools.map((tool) => ({
          name: tool.name,
          summary: tool.summary,
          readOnly: tool.readOnly,
          destructive: tool.destructive,
        })),
        null,
        2,
      )}\n`,
    );
    return 0;
  }
  const width = Math.max(...tools.map((tool) => tool.name.length));
  for (const tool of tools) {
    const flags = tool.destructive ? ' [destructive]' : tool.readOnly ? ' [read-only]' : '';
    io.stdout.write(`${tool.name.padEnd(width)}  ${tool.summary}${flags}\n`);
  }
  return 0;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { ...commonOptions, json: { type: 'boolean' } },
  });
}
