import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkWorkspace, registerHostCleanup } from '@toolcall/tools';
import { createMcpToolServer, createStdioServerTransport } from '@toolcall/tools/mcp';
import { commonOptions } from './common-options.js';
import { loadConfig } from './config.js';
import type { CliIo } from './io.js';
import {
  connectUpstream,
  parseUpstream,
  type Upstream,
  UpstreamConfigError,
  type UpstreamSpec,
} from './mcp-upstream.js';
import { setUp, trustCommandFor } from './setup.js';

/** `toolcall mcp [--upstream NAME=COMMAND …]`: serves the tool set over MCP on stdio. */
export async function mcpCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.stderr.write(`toolcall mcp: ${(error as Error).message}\n`);
    return 2;
  }
  const { values } = parsed;
  const workspace = resolve(io.cwd ?? process.cwd(), values.workspace ?? '.');
  const checked = await checkWorkspace(workspace);
  if (!checked.success) {
    io.stderr.write(`toolcall mcp: ${checked.error.message}\n`);
    return 2;
  }
  const config = await loadConfig(workspace, io.env ?? process.env, {
    trustCommand: trustCommandFor(values.workspace, workspace),
  });
  if (!config.success) {
    io.stderr.write(`toolcall mcp: ${config.error}\n`);
    return 2;
  }
  for (const warning of config.warnings) io.stderr.write(`toolcall mcp: ${warning}\n`);
  const specs: UpstreamSpec[] = Object.entries(config.value.upstreams ?? {}).map(
    ([name, entry]) => ({
      name,
      command: entry.command,
      args: entry.args ?? [],
      composable: entry.composable ?? [],
    }),
  );
  for (const text of values.upstream ?? []) {
    const spec = parseUpstream(text);
    if (spec === undefined) {
      io.stderr.write(`toolcall mcp: bad --upstream '${text}': expected NAME=COMMAND\n`);
      return 2;
    }
    specs.push(spec);
  }
  const upstreams: Upstream[] = [];
  // A signal stops the upstream servers too, not only the tool set's processes.
  const upstreamCleanup = registerHostCleanup(async () => {
    await Promise.all(upstreams.map((upstream) => upstream.close()));
  });
  for (const spec of specs) {
    try {
      upstreams.push(await connectUpstream(spec, workspace));
    } catch (error) {
      io.stderr.write(`toolcall mcp: upstream ${spec.name}: ${(error as Error).message}\n`);
      await upstreamCleanup.close();
      // A `composable` name the server does not list is a configuration error, like a bad file.
      return error instanceof UpstreamConfigError ? 2 : 1;
    }
  }
  // The server exists before the tool set, which asks and reports progress through it.
  const mcp = createMcpToolServer({
    version: '0.0.0',
    ...(values.yes ? { fallback: () => 'allow-once' as const } : {}),
    noElicitationAdvice: 'allow it with a rule or start the server with --yes',
  });
  const setup = await setUp(values, io, {
    config: config.value,
    tools: upstreams.flatMap((upstream) => upstream.tools),
    composable: upstreams.flatMap((upstream) => upstream.composable),
    askUser: mcp.askUser,
  });
  if (!setup.success) {
    io.stderr.write(`toolcall mcp: ${setup.error}\n`);
    await upstreamCleanup.close();
    return 2;
  }
  const unsubscribe = setup.value.progress.subscribe(mcp.onProgress);
  const input = io.stdin ?? process.stdin;
  // The end of stdin closes the connection; Ctrl-C closes it too.
  const connection = await mcp.connect({
    toolSet: setup.value,
    transport: createStdioServerTransport({ input, output: io.stdout }),
    // The specialist listing, then the skills a model may load with Skill.
    instructions: [setup.value.listing().text, (await setup.value.skillListing()).text]
      .filter((part) => part.trim() !== '')
      .join('\n\n'),
    session: setup.value.session,
    onCommitError: (error) =>
      io.stderr.write(
        `toolcall mcp: a ToolCall checkpoint could not be removed: ${(error as Error).message}\n`,
      ),
  });
  const stop = () => void connection.close();
  io.signal?.addEventListener('abort', stop, { once: true });
  await connection.closed;
  io.signal?.removeEventListener('abort', stop);
  unsubscribe();
  await setup.value.close();
  await upstreamCleanup.close();
  return 0;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: { ...commonOptions, upstream: { type: 'string', multiple: true } },
  });
}
