import { appendFileSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import type { ScriptSpan, TelemetryRecord } from '@toolcall/pipeline';

/** The session file telemetry is appended to, one JSON object per line. */
export const TELEMETRY_FILE = 'telemetry.jsonl';

/** Lines kept for a retry while the log cannot be written; older ones are dropped beyond it. */
export const MAX_QUEUED_LINES = 10_000;

/** One line of the log: a settled call's record or a script's span, with the time it came. */
export type TelemetryLine =
  | ({ readonly type: 'tool-call'; readonly time: string } & Omit<
      TelemetryRecord,
      'errorCode' | 'parentId' | 'permission'
    > & {
        readonly parentId: string | null;
        readonly errorCode: string | null;
        readonly permission: TelemetryRecord['permission'] | null;
      })
  | ({ readonly type: 'ptc-script'; readonly time: string } & Omit<
      ScriptSpan,
      'name' | 'budget'
    > & { readonly budget: string | null });

/** Appends a session's telemetry to its log without ever holding up or failing a call. */
export interface TelemetryLog {
  /** Queues the record of a settled call (nested calls included). */
  record(record: TelemetryRecord): void;
  /** Queues the `ptc-script` span of a script. */
  span(span: ScriptSpan): void;
  /** Writes what is queued, then closes the file; lines that come later are dropped. */
  close(): Promise<void>;
}

/** A duration to the microsecond: the clock's noise beyond it says nothing. */
const milliseconds = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The line of a record: only the redacted fields are copied, by name, so a field added to the
 * record later cannot carry arguments, paths or results into the log unseen.
 */
export function recordLine(record: TelemetryRecord, time: Date): TelemetryLine {
  return {
    type: 'tool-call',
    time: time.toISOString(),
    tool: record.tool,
    toolUseId: record.toolUseId,
    parentId: record.parentId ?? null,
    origin: record.origin,
    source: record.source,
    outcome: record.outcome,
    errorCode: record.errorCode ?? null,
    validation: record.validation,
    rules: [...record.rules],
    // The decision, its source and the deciding rule's text; never the reason or segment.
    permission:
      record.permission === undefined
        ? null
        : {
            decision: record.permission.decision,
            source: record.permission.source,
            ...(record.permission.rule === undefined ? {} : { rule: record.permission.rule }),
          },
    durationMs: milliseconds(record.durationMs),
  };
}

/** The line of a `ptc-script` span: outcome, budget, nested-call count and duration. */
export function spanLine(span: ScriptSpan, time: Date): TelemetryLine {
  return {
    type: 'ptc-script',
    time: time.toISOString(),
    outcome: span.outcome,
    budget: span.budget ?? null,
    nestedCalls: span.nestedCalls,
    durationMs: milliseconds(span.durationMs),
  };
}

/**
 * A log appending to `file` (opened on the first line, never created otherwise). Lines are
 * written in the order they came, by one writer, each batch in as few writes as the system
 * allows, so a crash can tear only the last line. A failed write warns once through `warn`; its
 * lines stay queued (up to `MAX_QUEUED_LINES`) and are tried again with the next line and on
 * `close`. A process that exits while nothing is being written writes the queued lines first.
 */
export function createTelemetryLog(file: string, warn: (message: string) => void): TelemetryLog {
  const queue: Buffer[] = [];
  // Bytes of `queue[0]` already in the file (a write that stopped inside a line).
  let offset = 0;
  let handle: FileHandle | undefined;
  let writing: Promise<void> | undefined;
  let warned = false;
  let closed = false;

  const consume = (bytes: number) => {
    let left = bytes;
    while (left > 0) {
      const rest = queue[0]!.length - offset;
      if (left < rest) {
        offset += left;
        return;
      }
      left -= rest;
      queue.shift();
      offset = 0;
    }
  };

  const fail = (error: unknown) => {
    if (warned) return;
    warned = true;
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    warn(
      `the telemetry log ${file} could not be written (${reason}); the calls go on and its lines are tried again`,
    );
  };

  const drain = async () => {
    try {
      while (queue.length > 0) {
        handle ??= await open(file, 'a');
        const batch = Buffer.concat(queue);
        let start = offset;
        while (start < batch.length) {
          const { bytesWritten } = await handle.write(batch, start, batch.length - start);
          consume(bytesWritten);
          start += bytesWritten;
        }
      }
    } catch (error) {
      fail(error);
      // Opened again on the next try: the file may have been replaced meanwhile.
      await handle?.close().catch(() => {});
      handle = undefined;
    }
  };

  const write = () => {
    if (writing !== undefined) return;
    // Bound the lines kept while nothing can be written; a line half in the file stays.
    if (queue.length > MAX_QUEUED_LINES)
      queue.splice(offset > 0 ? 1 : 0, queue.length - MAX_QUEUED_LINES);
    writing = drain().finally(() => {
      writing = undefined;
    });
  };

  const push = (line: TelemetryLine) => {
    if (closed) return;
    queue.push(Buffer.from(`${JSON.stringify(line)}\n`));
    write();
  };

  // An exit that does not wait (a second Ctrl-C): the queued lines go out at once, unless a
  // write is under way, whose lines must land first.
  const atExit = () => {
    if (writing !== undefined || queue.length === 0) return;
    try {
      appendFileSync(file, Buffer.concat(queue).subarray(offset));
    } catch {
      // Nothing more can be done while exiting.
    }
  };
  process.on('exit', atExit);

  return {
    record: (record) => push(recordLine(record, new Date())),
    span: (span) => push(spanLine(span, new Date())),
    async close() {
      if (closed) return;
      closed = true;
      await writing;
      if (queue.length > 0) {
        write();
        await writing;
      }
      process.off('exit', atExit);
      await handle?.close().catch(() => {});
      handle = undefined;
    },
  };
}
