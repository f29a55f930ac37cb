import type { RepairStep } from './repair.js';
import type { CallOrigin, CallSource } from './tool-types.js';

/** One redacted repair-log entry: identities, outcome, rule ids, schema paths and shapes. */
export interface RepairLogEntry {
  readonly tool: string;
  readonly toolUseId: string;
  readonly origin: CallOrigin;
  readonly source: CallSource;
  readonly outcome: 'repaired' | 'invalid' | 'abandoned';
  readonly steps: readonly RepairStep[];
  /** Schema paths of the validation issues, never their values or messages. */
  readonly paths: readonly string[];
}

/** The repair log a pipeline writes to; bounded in memory, optionally appended as JSONL. */
export interface RepairLog {
  record(entry: RepairLogEntry): void;
  /** A copy of the retained entries, oldest first. */
  entries(): RepairLogEntry[];
}

/** Creates a bounded repair log (default 200 entries) with an optional JSONL line writer. */
export function createRepairLog(
  options: {
    limit?: number;
    writeLine?: (line: string) => void;
    onError?: (error: unknown) => void;
  } = {},
): RepairLog {
  const { limit = 200, writeLine, onError } = options;
  if (!Number.isInteger(limit) || limit < 0) {
    throw new TypeError(`createRepairLog: limit must be a non-negative integer, received ${limit}`);
  }
  const retained: RepairLogEntry[] = [];
  return {
    record(entry) {
      retained.push(entry);
      if (retained.length > limit) retained.splice(0, retained.length - limit);
      if (writeLine === undefined) return;
      try {
        writeLine(`${JSON.stringify(entry)}\n`);
      } catch (error) {
        // A failed append never blocks tool execution.
        onError?.(error);
      }
    },
    entries: () => retained.slice(),
  };
}
