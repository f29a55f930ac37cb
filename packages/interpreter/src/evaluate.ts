import { systemClock } from './clock.js';
import { BudgetError, GuestError, StaticError } from './guest-error.js';
import { type JsonValue, toJson } from './json.js';
import { type BudgetName, type Limits, normalizeLimits } from './limits.js';
import { Machine } from './machine.js';
import { printValue } from './printer.js';
import { compileProgram } from './program.js';
import { read } from './reader.js';
import { rosterOf, toolInfos } from './roster.js';
import { ScriptRuntime } from './runtime.js';
import {
  type CallEvent,
  type CallRecord,
  type Clock,
  type QueueEvent,
  type ToolBinding,
  ToolDenied,
} from './tool-types.js';
import { Closure, Cons, type Value } from './values.js';
import { Cancelled, Waiter } from './waiter.js';

/** Options of one evaluation. */
export type EvaluateOptions = {
  /** The closed roster of callable tools. */
  tools?: Record<string, ToolBinding>;
  /** Budgets; omitted keys take `defaultLimits`. */
  limits?: Partial<Limits>;
  /** Cancellation: the outcome settles as `cancelled`. */
  signal?: AbortSignal;
  /** Host cap on calls in flight for `parallel` / `parallel-map` (default 4). */
  parallelism?: number;
  /** Observes call-queued, call-start and call-end events. */
  onEvent?: (event: CallEvent) => void;
  /**
   * Observes only a join's queue: `calls-queued` for each run of consecutive calls of one
   * tool that wait for a free slot, and `call-refused` when a waiting call's arguments are
   * refused at its turn, so it never starts. Waiting calls have consecutive indexes and
   * leave the queue in index order. A host that audits calls itself learns of waiting calls
   * this way without an event on every call's start and end (a `parallel-map` of thousands
   * queues one run).
   */
  onQueued?: (event: QueueEvent) => void;
  /** The clock and timers (default: the host's). */
  clock?: Clock;
  /**
   * Keep each nested call's record in `Outcome.calls` (default true). A host that audits
   * calls itself turns this off: the outcome then lists no calls, and a long script keeps
   * no second record per call.
   */
  recordCalls?: boolean;
};

/** The kinds of failure an evaluation can settle with. */
export type ErrorKind = 'read' | 'preflight' | 'budget' | 'runtime' | 'tool-denied' | 'cancelled';

/** How an evaluation settled: a value with its printed form, or a classified error; with the call audit. */
export type Outcome =
  | {
      success: true;
      value: Value;
      printed: string;
      json?: JsonValue;
      direct: boolean;
      calls: CallRecord[];
    }
  | {
      success: false;
      error: { kind: ErrorKind; budget?: BudgetName; message: string };
      calls: CallRecord[];
    };

function containsClosure(value: Value): boolean {
  const stack: Value[] = [value];
  let budget = 1_000_000;
  while (stack.length > 0 && budget-- > 0) {
    const v = stack.pop() as Value;
    if (v instanceof Closure) return true;
    if (v instanceof Cons) stack.push(v.car, v.cdr);
    else if (Array.isArray(v)) for (const item of v) stack.push(item);
  }
  return false;
}

function failed(
  kind: ErrorKind,
  message: string,
  calls: CallRecord[],
  budget?: BudgetName,
): Outcome {
  return {
    success: false,
    error: budget === undefined ? { kind, message } : { kind, budget, message },
    calls,
  };
}

/** Classifies anything thrown inside an evaluation as an outcome (host bugs are rethrown). */
function classify(error: unknown, calls: CallRecord[]): Outcome {
  if (error instanceof BudgetError) return failed('budget', error.message, calls, error.budget);
  if (error instanceof StaticError) return failed(error.kind, error.message, calls);
  if (error instanceof GuestError) return failed('runtime', error.message, calls);
  if (ToolDenied.isInstance(error))
    return failed('tool-denied', `permission denied: ${error.message}`, calls);
  if (error instanceof Cancelled) return failed('cancelled', 'the script was cancelled', calls);
  // Every walk of the machine is iterative or bounded by a named limit, so this is a defect;
  // it is still settled, and not as a budget: no budget was exceeded.
  if (error instanceof RangeError && /call stack/i.test(error.message))
    return failed(
      'runtime',
      'internal error: the interpreter ran out of host stack, which it never should; please report the script',
      calls,
    );
  throw error;
}

const optionKeys = new Set([
  'tools',
  'limits',
  'signal',
  'parallelism',
  'onEvent',
  'onQueued',
  'clock',
  'recordCalls',
]);

function checkOptionKeys(options: EvaluateOptions): void {
  if (typeof options !== 'object' || options === null)
    throw new TypeError(`evaluate options must be an object, received ${String(options)}`);
  for (const key of Object.keys(options))
    if (!optionKeys.has(key))
      throw new TypeError(
        `evaluate: unknown option ${key}; expected one of ${[...optionKeys].join(', ')}`,
      );
  if (options.onEvent !== undefined && typeof options.onEvent !== 'function')
    throw new TypeError(`options.onEvent must be a function, received ${typeof options.onEvent}`);
  if (options.onQueued !== undefined && typeof options.onQueued !== 'function')
    throw new TypeError(`options.onQueued must be a function, received ${typeof options.onQueued}`);
  if (options.recordCalls !== undefined && typeof options.recordCalls !== 'boolean')
    throw new TypeError(
      `options.recordCalls must be a boolean, received ${typeof options.recordCalls}`,
    );
}

/** Whether `options` has no keys (the usual call): nothing to check. */
function isEmpty(options: EvaluateOptions): boolean {
  for (const _ in options) return false;
  return true;
}

/** Reads, preflights and runs a script against a closed tool roster under hard budgets. */
export async function evaluate(source: string, options: EvaluateOptions = {}): Promise<Outcome> {
  if (typeof source !== 'string')
    throw new TypeError(
      `evaluate expects the script source as a string, received ${typeof source}`,
    );
  if (typeof options !== 'object' || options === null || !isEmpty(options))
    checkOptionKeys(options);
  const limits = normalizeLimits(options.limits);
  const roster = rosterOf(options.tools);
  const parallelism = options.parallelism ?? 4;
  if (!Number.isInteger(parallelism) || parallelism < 1)
    throw new TypeError(
      `options.parallelism must be a positive integer, received ${String(parallelism)}`,
    );
  const outer = options.signal;
  if (outer === undefined) return run(source, options, limits, roster, parallelism, undefined);
  // Cancellation reaches the machine through a small relay: the evaluation may not have made
  // its waiter yet when the signal aborts.
  const relay: Relay = { early: outer.aborted, waiter: undefined, runtime: undefined };
  const forward = (): void => {
    if (relay.waiter === undefined) relay.early = true;
    else relay.waiter.cancel();
    relay.runtime?.cancelRunning();
  };
  if (!outer.aborted) outer.addEventListener('abort', forward, { once: true });
  try {
    return await run(source, options, limits, roster, parallelism, relay);
  } finally {
    outer.removeEventListener('abort', forward);
  }
}

/** Where an abort signal finds the evaluation's waiter and runtime. */
type Relay = { early: boolean; waiter: Waiter | undefined; runtime: ScriptRuntime | undefined };

async function run(
  source: string,
  options: EvaluateOptions,
  limits: Limits,
  roster: Map<string, ToolBinding>,
  parallelism: number,
  relay: Relay | undefined,
): Promise<Outcome> {
  let waiter: Waiter | undefined;
  let runtime: ScriptRuntime | undefined;
  try {
    const parsed = read(source, limits);
    if (!parsed.success) {
      if (parsed.error.budget !== undefined)
        return failed('budget', parsed.error.message, [], parsed.error.budget);
      return failed('read', parsed.error.message, []);
    }
    const program = compileProgram(
      parsed.value.forms,
      toolInfos(roster),
      parsed.value.positions,
      source,
      limits,
    );
    const clock = options.clock ?? systemClock;
    const machine = new Machine(limits, clock);
    waiter = new Waiter(machine, clock);
    runtime = new ScriptRuntime(
      program.cx,
      roster,
      limits,
      parallelism,
      options.onEvent,
      options.onQueued,
      waiter.wake,
      waiter.halted,
      options.recordCalls ?? true,
    );
    if (relay !== undefined) {
      relay.waiter = waiter;
      relay.runtime = runtime;
      if (relay.early) waiter.cancel();
    }
    runtime.direct = program.direct;
    machine.runtime = runtime;
    machine.node = program.body;
    machine.env = [];
    // Not `waiter.fatal = () => …`: V8 allocates a function written straight into a property
    // in the old generation, where it would keep this evaluation's machine, and every value
    // the script built, alive through young collections until a full one (measured: a
    // 1,000-element list built per run went from 0.7 to 27 MB promoted over 1,200 runs).
    const settled = runtime;
    const fatal = (): unknown => settled.fatal;
    waiter.fatal = fatal;
    const running = waiter.start();
    if (running !== undefined) await running;
    return settle(machine.val, program.direct, runtime, limits);
  } catch (error) {
    runtime?.cancelRunning();
    return classify(error, runtime?.calls ?? []);
  } finally {
    waiter?.dispose();
  }
}

/** The outcome of a script that ran to its end with `value`. */
function settle(value: Value, direct: boolean, runtime: ScriptRuntime, limits: Limits): Outcome {
  if (typeof value === 'object' && containsClosure(value))
    return failed(
      'runtime',
      "the script's final value contains a lambda; lambdas never leave the machine",
      runtime.calls,
    );
  const printed = printValue(value, true, limits.valueSize);
  const first = runtime.first;
  // A direct call hands back the tool's own result, not its guest projection.
  const json =
    direct && first?.status === 'success'
      ? { success: true as const, value: first.result as JsonValue }
      : toJson(value);
  return {
    success: true,
    value,
    printed,
    ...(json.success ? { json: json.value } : {}),
    direct,
    calls: runtime.calls,
  };
}
