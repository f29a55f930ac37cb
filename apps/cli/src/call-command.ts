import { parseArgs } from 'node:util';
import { uniqueToolUseId } from '@toolcall/tools';
import { commonOptions } from './common-options.js';
import type { CliIo } from './io.js';
import { runOnce } from './run-once.js';

/** Arguments from `--args JSON` or `key=value` pairs (a value that parses as JSON is JSON). */
export function callArguments(
  json: string | undefined,
  pairs: readonly string[],
): { success: true; value: Record<string, unknown> } | { success: false; error: string } {
  let args: Record<string, unknown> = {};
  if (json !== undefined) {
    try {
      args = JSON.parse(json);
    } catch (error) {
      return { success: false, error: `--args is not JSON: ${(error as Error).message}` };
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return { success: false, error: '--args must be a JSON object' };
    }
  }
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) return { success: false, error: `expected key=value, got '${pair}'` };
    const text = pair.slice(at + 1);
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // A value that is not JSON is the string itself: `path=src/a.ts`.
    }
    args[pair.slice(0, at)] = value;
  }
  return { success: true, value: args };
}

/** `toolcall call TOOL [--args JSON | key=value …]`: one call through the pipeline, rendered. */
export async function callCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.stderr.write(`toolcall call: ${(error as Error).message}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [tool, ...pairs] = positionals;
  if (tool === undefined) {
    io.stderr.write('toolcall call: name a tool: toolcall call TOOL [--args JSON | key=value …]\n');
    return 2;
  }
  const args = callArguments(values.args, pairs);
  if (!args.success) {
    io.stderr.write(`toolcall call: ${args.error}\n`);
    return 2;
  }
  return runOnce(
    {
      command: 'call',
      values,
      request: { name: tool, input: args.value, toolUseId: uniqueToolUseId('call') },
    },
    io,
  );
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      ...commonOptions,
      args: { type: 'string' },
      json: { type: 'boolean' },
      report: { type: 'string' },
    },
  });
}
