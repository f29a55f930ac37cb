import type { ToolCallOptions } from '@toolcall/pipeline';

/** ToolCall's own settings in `createToolSet`, passed to its driver. */
export interface ToolSetToolCallOptions {
  /** Interpreter budgets (`nestedCalls`, `wallTime`, …); omitted keys keep their defaults. */
  readonly limits?: ToolCallOptions['limits'];
  /** Nested calls in flight at once in `parallel` / `parallel-map` (default 4). */
  readonly parallelism?: number;
  /**
   * A script's returned value longer than this many lines is drawn in a trailing, collapsed
   * Returned row (default 20; 0 keeps every value inline).
   */
  readonly returnedLineThreshold?: number;
  /** Bytes of one nested result before it becomes a bounded guest error (default: the value-size budget). */
  readonly childResultLimit?: number;
  /** Bounds of the child audit (argument strings, argument size and depth, render data, preview). */
  readonly auditBounds?: ToolCallOptions['auditBounds'];
  /**
   * Receives one redacted `ptc-script` span per script: its outcome, budget category,
   * nested-call count and duration, never script text, arguments or results.
   */
  readonly telemetry?: ToolCallOptions['telemetry'];
  /**
   * Who commits a script's settlement checkpoint: `settlement` (default), as it settles, or
   * `host`, with `ToolSet.commitToolCall` once the host has projected and kept the result.
   */
  readonly settlementCommit?: ToolCallOptions['settlementCommit'];
}

const INTEGERS = { parallelism: 1, returnedLineThreshold: 0, childResultLimit: 1 } as const;
const OBJECTS = ['limits', 'auditBounds'] as const;
const KEYS = new Set<string>([
  ...Object.keys(INTEGERS),
  ...OBJECTS,
  'telemetry',
  'settlementCommit',
]);

/** Checks the `toolCall` option once, naming the key and what it expects. */
export function toolCallOptions(
  value: ToolSetToolCallOptions | undefined,
): Omit<ToolCallOptions, 'pipeline'> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(
      `createToolSet: toolCall must be an object with keys ${[...KEYS].join(', ')}, received ${String(value)}`,
    );
  }
  for (const key of Object.keys(value)) {
    if (!KEYS.has(key)) {
      throw new TypeError(
        `createToolSet: toolCall has an unknown key \`${key}\`; expected only ${[...KEYS].join(', ')}`,
      );
    }
  }
  for (const [key, minimum] of Object.entries(INTEGERS)) {
    const number = value[key as keyof typeof INTEGERS];
    if (number !== undefined && !(Number.isInteger(number) && number >= minimum)) {
      throw new TypeError(
        `createToolSet: toolCall.${key} must be an integer of at least ${minimum}, received ${String(number)}`,
      );
    }
  }
  for (const key of OBJECTS) {
    const object = value[key];
    if (object !== undefined && (typeof object !== 'object' || object === null)) {
      throw new TypeError(
        `createToolSet: toolCall.${key} must be an object, received ${String(object)}`,
      );
    }
  }
  if (value.telemetry !== undefined && typeof value.telemetry !== 'function') {
    throw new TypeError(
      `createToolSet: toolCall.telemetry must be a function, received ${String(value.telemetry)}`,
    );
  }
  const commit = value.settlementCommit;
  if (commit !== undefined && commit !== 'settlement' && commit !== 'host') {
    throw new TypeError(
      `createToolSet: toolCall.settlementCommit must be 'settlement' or 'host', received ${String(commit)}`,
    );
  }
  const options: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(value)) {
    if (setting !== undefined) options[key] = setting;
  }
  return options as Omit<ToolCallOptions, 'pipeline'>;
}
