/** The names of every budget the machine enforces. */
export const budgetNames = [
  'script-bytes',
  'syntax-nodes',
  'depth',
  'steps',
  'wall-time',
  'nested-calls',
  'recursion-depth',
  'transformed-size',
  'regexp-work',
  'numeric-size',
  'value-size',
  'retained-values',
] as const;

/** One budget name, such as `steps` or `value-size`. */
export type BudgetName = (typeof budgetNames)[number];

/** Every budget of one evaluation; units are in the documentation of each key. */
export type Limits = {
  /** UTF-8 bytes of script source. */
  scriptBytes: number;
  /** Syntax nodes (atoms and lists) the reader may produce. */
  syntaxNodes: number;
  /** Nesting depth of lists and vectors in source and macro expansions. */
  depth: number;
  /** Evaluation steps: one per compound form, call or loop turn, plus one per 64 characters or cells a primitive scans. */
  steps: number;
  /** Milliseconds of wall time from start to settlement, tool time included. */
  wallTime: number;
  /** Nested tool calls. */
  nestedCalls: number;
  /** Guest function frames alive at once (non-tail recursion). */
  recursionDepth: number;
  /** Syntax nodes produced by macro expansion, summed over the run. */
  transformedSize: number;
  /** Atomic work units one regexp match may be estimated to cost. */
  regexpWork: number;
  /** Bits of the largest integer. */
  numericSize: number;
  /** Bytes of serialized size of any one value (strings, lists, tool results, the result). */
  valueSize: number;
  /** Bytes of all values produced over the run: tool results, new strings (per character), list cells (8 each). */
  retainedValues: number;
};

/** The default budgets: generous for orchestration, restrictive for bulk computation. */
export const defaultLimits: Readonly<Limits> = Object.freeze({
  scriptBytes: 20_000,
  syntaxNodes: 10_000,
  depth: 100,
  steps: 10_000_000,
  wallTime: 300_000,
  nestedCalls: 200,
  recursionDepth: 1_000,
  transformedSize: 200_000,
  regexpWork: 10_000_000,
  numericSize: 1_024,
  valueSize: 1_048_576,
  retainedValues: 67_108_864,
});

const keyOf: Record<BudgetName, keyof Limits> = {
  'script-bytes': 'scriptBytes',
  'syntax-nodes': 'syntaxNodes',
  depth: 'depth',
  steps: 'steps',
  'wall-time': 'wallTime',
  'nested-calls': 'nestedCalls',
  'recursion-depth': 'recursionDepth',
  'transformed-size': 'transformedSize',
  'regexp-work': 'regexpWork',
  'numeric-size': 'numericSize',
  'value-size': 'valueSize',
  'retained-values': 'retainedValues',
};

/** Returns the `Limits` key that configures the budget `name`. */
export function limitKey(name: BudgetName): keyof Limits {
  return keyOf[name];
}

/** Copies `limits` over the defaults, refusing anything but positive numbers. */
export function normalizeLimits(limits: Partial<Limits> | undefined): Limits {
  const result: Limits = { ...defaultLimits };
  return limits === undefined ? result : applyLimits(result, limits);
}

// Apart from `normalizeLimits`, so that an evaluation with the default budgets never compiles it.
function applyLimits(result: Limits, limits: Partial<Limits>): Limits {
  if (typeof limits !== 'object' || limits === null)
    throw new TypeError(`options.limits must be an object of budgets, received ${String(limits)}`);
  for (const key of Object.keys(limits)) {
    if (!Object.hasOwn(defaultLimits, key))
      throw new TypeError(
        `options.limits.${key} is not a budget; expected one of ${Object.keys(defaultLimits).join(', ')}`,
      );
    const value = (limits as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !(value > 0))
      throw new TypeError(
        `options.limits.${key} must be a positive number, received ${String(value)}`,
      );
    result[key as keyof Limits] = value;
  }
  return result;
}
