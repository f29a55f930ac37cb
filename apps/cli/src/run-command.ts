import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluate, type Outcome } from '@toolcall/interpreter';
import type { CliIo } from './main.js';

type Failure = Extract<Outcome, { success: false }>;

const exitCodes: Record<Failure['error']['kind'], number> = {
  read: 2,
  preflight: 2,
  budget: 1,
  runtime: 1,
  'tool-denied': 3,
  cancelled: 130,
};

/** `toolcall run FILE | -e EXPR [--json]`: evaluates one script and reports its value. */
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
  const outcome = await evaluate(source, io.signal ? { signal: io.signal } : {});
  if (values.json) {
    io.stdout.write(`${JSON.stringify(describe(outcome), null, 2)}\n`);
  } else if (outcome.success) {
    io.stdout.write(`${outcome.printed}\n`);
  } else {
    const budget = outcome.error.budget ? ` (${outcome.error.budget})` : '';
    io.stderr.write(
      `toolcall run: ${outcome.error.kind} error${budget}: ${outcome.error.message}\n`,
    );
  }
  return outcome.success ? 0 : exitCodes[outcome.error.kind];
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { eval: { type: 'string', short: 'e' }, json: { type: 'boolean' } },
  });
}

// The JSON form drops the guest value object (it holds interned symbols) and
// keeps what a consumer can use: the printed form and the JSON projection.
function describe(outcome: Outcome) {
  if (!outcome.success) return { success: false, error: outcome.error, calls: outcome.calls };
  return { success: true, printed: outcome.printed, json: outcome.json, calls: outcome.calls };
}
