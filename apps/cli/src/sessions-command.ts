import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkWorkspace, listSessions, pruneSessions } from '@toolcall/tools';
import { commonOptions } from './common-options.js';
import type { CliIo } from './io.js';

/**
 * `toolcall sessions [prune --keep N | --older-than DAYS]`: lists or removes sessions. It takes
 * the common flags like every command; only `-C` matters here.
 */
export async function sessionsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.stderr.write(`toolcall sessions: ${(error as Error).message}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const workspace = resolve(io.cwd ?? process.cwd(), values.workspace ?? '.');
  const checked = await checkWorkspace(workspace);
  if (!checked.success) {
    io.stderr.write(`toolcall sessions: ${checked.error.message}\n`);
    return 2;
  }
  const [action] = positionals;
  if (action === undefined || action === 'list') {
    // A script left running by a killed process is shown (and consumed) on resume.
    const sessions = await listSessions(workspace);
    if (values.json) io.stdout.write(`${JSON.stringify(sessions, null, 2)}\n`);
    else if (sessions.length === 0) io.stdout.write('no sessions\n');
    for (const session of values.json ? [] : sessions) {
      const unfinished =
        session.unfinished === 0
          ? ''
          : `  ${session.unfinished} unfinished ToolCall script${session.unfinished === 1 ? '' : 's'} (resume to see ${session.unfinished === 1 ? 'it' : 'them'})`;
      io.stdout.write(
        `${session.id}  ${session.modified.toISOString()}  ${Math.ceil(session.bytes / 1024)} KiB${unfinished}\n`,
      );
    }
    return 0;
  }
  if (action !== 'prune' || positionals.length > 1) {
    io.stderr.write('toolcall sessions: expected `list` or `prune`\n');
    return 2;
  }
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  const days = values['older-than'] === undefined ? undefined : Number(values['older-than']);
  if (
    (keep === undefined && days === undefined) ||
    (keep !== undefined && !(Number.isInteger(keep) && keep >= 0)) ||
    (days !== undefined && !(days >= 0))
  ) {
    io.stderr.write('toolcall sessions prune: give --keep N and/or --older-than DAYS\n');
    return 2;
  }
  const removed = await pruneSessions(workspace, {
    ...(keep === undefined ? {} : { keep }),
    ...(days === undefined ? {} : { olderThanMs: days * 86_400_000 }),
    now: Date.now(),
  });
  io.stdout.write(`removed ${removed.length} session${removed.length === 1 ? '' : 's'}\n`);
  return 0;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      ...commonOptions,
      json: { type: 'boolean' },
      keep: { type: 'string' },
      'older-than': { type: 'string' },
    },
  });
}
