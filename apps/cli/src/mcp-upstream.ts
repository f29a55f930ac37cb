import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type JsonObject, type Tool, wrapTool } from '@toolcall/pipeline';
import { UPSTREAM_GROUP } from './tool-set.js';

/** One upstream MCP server: a name (the tools' category) and the command that starts it. */
export interface UpstreamSpec {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /**
   * The tools admitted into composed scripts: these names, or `read-only` for the ones the server
   * annotates `readOnlyHint: true`. The others are standalone-only.
   */
  readonly composable: readonly string[] | 'read-only';
}

/** A `composable` name the upstream does not list: a configuration error, not a failed start. */
export class UpstreamConfigError extends Error {}

/** A connected upstream: its tools wrapped as `NAME/tool`, the composable ones, and a closer. */
export interface Upstream {
  readonly tools: Tool[];
  readonly composable: string[];
  close(): Promise<void>;
}

/** Parses `NAME=COMMAND ARGS…` from `--upstream` (arguments split on spaces). */
export function parseUpstream(text: string): UpstreamSpec | undefined {
  const match = /^([a-z][a-z0-9_-]*)=(.+)$/.exec(text);
  if (match === null) return undefined;
  const [command, ...args] = match[2]!.trim().split(/\s+/);
  return { name: match[1]!, command: command!, args, composable: [] };
}

/** The problem with the `composable` names the server does not list, or `undefined`. */
function unknownNames(
  spec: UpstreamSpec,
  listed: readonly { readonly name: string }[],
): string | undefined {
  if (spec.composable === 'read-only') return undefined;
  const names = new Set(listed.map((entry) => entry.name));
  const unknown = spec.composable.filter((name) => !names.has(name));
  if (unknown.length === 0) return undefined;
  const offered = names.size === 0 ? 'it lists no tools' : `it lists ${[...names].join(', ')}`;
  const quoted = unknown.map((name) => JSON.stringify(name)).join(', ');
  return `composable names ${unknown.length === 1 ? 'a tool' : 'tools'} the server does not list: ${quoted}; ${offered}`;
}

interface McpContent {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
}

/** Connects to an upstream server over stdio and wraps each of its tools for the pipeline. */
export async function connectUpstream(spec: UpstreamSpec, cwd: string): Promise<Upstream> {
  const client = new Client({ name: 'toolcall', version: '0.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: spec.command,
      args: [...spec.args],
      cwd,
      stderr: 'ignore',
    }),
  );
  const { tools: listed } = await client.listTools();
  const unknown = unknownNames(spec, listed);
  if (unknown !== undefined) {
    await client.close();
    throw new UpstreamConfigError(unknown);
  }
  const tools: Tool[] = [];
  const composable: string[] = [];
  for (const entry of listed) {
    // The hint is the server's word: it marks the tool read-only for permissions and MCP
    // annotations, but only the configuration admits a tool into composed scripts.
    const readOnly = entry.annotations?.readOnlyHint === true;
    const admitted =
      spec.composable === 'read-only' ? readOnly : spec.composable.includes(entry.name);
    if (admitted) composable.push(`${spec.name}/${entry.name}`);
    tools.push(
      wrapTool({
        category: spec.name,
        name: entry.name,
        description: entry.description ?? `${entry.name} from ${spec.name}`,
        readOnly,
        destructive: entry.annotations?.destructiveHint === true,
        groups: [UPSTREAM_GROUP],
        source: () => ({
          inputSchema: entry.inputSchema as JsonObject,
          call: async (args, context) => {
            const response = await client.callTool(
              { name: entry.name, arguments: args },
              undefined,
              { signal: context.signal },
            );
            const content = (response.content ?? []) as McpContent[];
            const text = content
              .filter((item) => item.type === 'text')
              .map((item) => item.text ?? '')
              .join('\n');
            const media = content
              .filter((item) => item.type === 'image' && item.data && item.mimeType)
              .map((item) => ({
                mimeType: item.mimeType!,
                data: Buffer.from(item.data!, 'base64'),
              }));
            const failed = response.isError === true;
            return {
              result: failed && !text.startsWith('Error:') ? `Error: ${text}` : text,
              status: failed ? ('error' as const) : ('success' as const),
              media,
            };
          },
        }),
      }),
    );
  }
  return { tools, composable, close: () => client.close() };
}
