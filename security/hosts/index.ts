import { bridgeHost } from './bridge.js';
import { cliHost } from './cli.js';
import { embeddedHost } from './embedded.js';
import type { HostFactory } from './host.js';
import { mcpHost } from './mcp.js';

/**
 * Every host the suite decides calls in, with how many rows of each table it takes: the
 * in-process and long-lived hosts take every row, the CLI (one process per call) every third.
 */
export const HOSTS: readonly { name: string; open: HostFactory; every: number }[] = [
  { name: 'embedded createToolSet', open: embeddedHost, every: 1 },
  { name: 'MCP server (SDK client over stdio)', open: mcpHost, every: 1 },
  { name: 'Emacs bridge (JSON-RPC over stdio)', open: bridgeHost, every: 1 },
  { name: 'CLI (toolcall call)', open: cliHost, every: 3 },
];

/** The rows a host with `every` takes: the first, then every `every`-th. */
export function sample<T>(rows: readonly T[], every: number): T[] {
  return rows.filter((_, index) => index % every === 0);
}
