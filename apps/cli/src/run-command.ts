import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { uniqueToolUseId } from '@toolcall/tools';
import { commonOptions } from './common-options.js';
import type { CliIo } from './io.js';
import { runOnce } from './run-once.js';

/** `toolcall run FILE | -e EXPR`: runs one script through ToolCall with the tool set. */
export async function runCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.stderr.write(`toolcall run: ${(error as Error).message}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if ((values.eval === undefined) === (positionals.length === 0) || positionals.length > 1) {
    io.stderr.write('toolcall run: give exactly one script: a FILE or -e EXPR\n');
    return 2;
  }
  let source = values.eval;
  if (source === undefined) {
    const file = resolve(io.cwd ?? process.cwd(), positionals[0]!);
    try {
      source = await readFile(file, 'utf8');
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'cannot read it';
      io.stderr.write(`toolcall run: ${positionals[0]}: ${reason}\n`);
      return 2;
    }
  }
  return runOnce(
    {
      command: 'run',
      values,
      request: {
        name: 'ToolCall',
        input: { expression: source },
        toolUseId: uniqueToolUseId('run'),
        origin: 'programmatic',
      },
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
      eval: { type: 'string', short: 'e' },
      json: { type: 'boolean' },
      report: { type: 'string' },
    },
  });
}
