import type { CompileContext } from './compile-context.js';
import { exceed } from './guest-error.js';
import { fromJson, type JsonObject, type JsonSchema, toolArguments } from './json.js';
import type { Limits } from './limits.js';
import { guestError, type Machine, type Runtime } from './machine.js';
import { bindArguments } from './nodes-bind.js';
import { applyPrimitive, invoke } from './nodes-call.js';
import { primitives } from './primitives/index.js';
import { type CallEvent, type CallRecord, type ToolBinding, ToolDenied } from './tool-types.js';
import { type Closure, Cons, intern, list, NIL, type Sym, type Value } from './values.js';

function spreadLast(args: Value[]): Value[] {
  if (args.length === 0) return args;
  const out = args.slice(0, -1);
  let tail = args[args.length - 1] as Value;
  while (tail instanceof Cons) {
    out.push(tail.car);
    tail = tail.cdr;
  }
  if (tail !== NIL) guestError('wrong-type-argument listp');
  return out;
}

const ERROR = intern(':error');

type Settled = { value: Value; size: number };

function failure(message: string): Value {
  return list([ERROR, message]);
}

function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) bytes += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : c >= 0x800 ? 0 : 1;
  }
  return bytes;
}

/** The program-level side of the machine: named calls, tool dispatch, the call audit. */
export class ScriptRuntime implements Runtime {
  gensymCounter = 0;
  readonly calls: CallRecord[] = [];
  fatal: unknown = undefined;
  direct = false;
  private batches = 0;
  private readonly running = new Set<AbortController>();
  private stopWaiting: () => void = () => {};
  /** Settles as soon as a denial makes waiting for siblings pointless. */
  private readonly fatalRaised = new Promise<void>((resolve) => {
    this.stopWaiting = resolve;
  });

  constructor(
    readonly cx: CompileContext,
    readonly tools: ReadonlyMap<string, ToolBinding>,
    readonly limits: Limits,
    readonly parallelism: number,
    readonly onEvent: ((event: CallEvent) => void) | undefined,
    readonly signal: AbortSignal,
  ) {}

  callNamed(m: Machine, name: Sym, args: Value[]): void {
    const cell = this.cx.functions.get(name);
    if (cell !== undefined) {
      const [body, env] = bindArguments(cell.closure as Closure, args);
      m.enter(body, env);
      return;
    }
    if (name.name === 'funcall' || name.name === 'apply') {
      const spread = name.name === 'apply' ? spreadLast(args.slice(1)) : args.slice(1);
      invoke(m, args[0] ?? NIL, spread);
      return;
    }
    const primitive = primitives.get(name.name);
    if (primitive !== undefined) {
      m.val = applyPrimitive(primitive, args, m);
      return;
    }
    const tool = this.tools.get(name.name);
    if (tool !== undefined) {
      if (tool.standaloneOnly)
        guestError(
          `${name.name} is standalone-only and cannot be called from a composed expression`,
        );
      this.callTool(m, name.name, args);
      return;
    }
    if (this.cx.macros.has(name))
      guestError(`${name.name} is a macro; a macro name is not a value`);
    guestError(
      `void-function ${name.name}: not a primitive, definition or tool of this script's closed roster`,
    );
  }

  private emit(event: CallEvent): void {
    try {
      this.onEvent?.(event);
    } catch {
      // An observer's failure must not change the script's outcome.
    }
  }

  private admit(m: Machine, tool: string): number {
    const index = this.calls.length + 1;
    if (index > this.limits.nestedCalls)
      exceed(
        'nested-calls',
        this.limits.nestedCalls,
        `calls: stopped before nested call ${tool} at call ${index}`,
      );
    if (m.host.now() >= m.deadline)
      exceed(
        'wall-time',
        this.limits.wallTime,
        `ms: stopped before nested call ${tool} at call ${index}`,
      );
    return index;
  }

  private settle(raw: unknown, record: CallRecord): Settled {
    if (
      typeof raw === 'object' &&
      raw !== null &&
      !Array.isArray(raw) &&
      typeof (raw as { error?: unknown }).error === 'string'
    ) {
      const message = (raw as { error: string }).error;
      Object.assign(record, { status: 'error', error: message });
      return { value: failure(message), size: utf8Length(message) };
    }
    let size: number;
    try {
      size =
        typeof raw === 'string'
          ? utf8Length(raw)
          : raw === undefined
            ? 3
            : utf8Length(JSON.stringify(raw));
    } catch {
      const message = `${record.tool} returned a value that is not JSON`;
      Object.assign(record, { status: 'error', error: message });
      return { value: failure(message), size: message.length };
    }
    if (size > this.limits.valueSize) {
      const message = `${record.tool} result of ${size} bytes exceeds the value-size budget (limit ${this.limits.valueSize} bytes)`;
      Object.assign(record, { status: 'error', error: message });
      return { value: failure(message), size: message.length };
    }
    let value: Value;
    try {
      value = raw === undefined ? failure(`${record.tool} returned nothing`) : fromJson(raw);
    } catch (error) {
      const message = `${record.tool} returned an unusable result: ${(error as Error).message}`;
      Object.assign(record, { status: 'error', error: message });
      return { value: failure(message), size: message.length };
    }
    Object.assign(record, { status: 'success', result: raw });
    return { value, size };
  }

  private charge(m: Machine, size: number, record: CallRecord): void {
    m.allocate(size, `at nested call ${record.tool} at call ${record.index}`);
  }

  /** Starts one call; resolves to the settled guest value, or records a denial in `fatal`. */
  private dispatch(
    tool: string,
    args: Value[],
    index: number,
    batch: string | undefined,
  ): { record: CallRecord; done: Promise<Settled> } {
    const binding = this.tools.get(tool) as ToolBinding;
    const converted = toolArguments(
      args,
      binding.inputSchema as JsonSchema | undefined,
      this.limits.valueSize,
    );
    const record: CallRecord = {
      index,
      tool,
      arguments: converted.success ? converted.value : undefined,
      direct: this.direct,
      status: 'error',
    };
    if (batch !== undefined) record.batch = batch;
    this.calls.push(record);
    if (!converted.success) {
      record.error = `invalid arguments for ${tool}: ${converted.error.message}`;
      return { record, done: Promise.resolve({ value: failure(record.error), size: 0 }) };
    }
    const controller = new AbortController();
    this.running.add(controller);
    this.emit({
      type: 'call-start',
      index,
      tool,
      arguments: converted.value,
      ...(batch === undefined ? {} : { batch }),
    });
    const context = { index, signal: controller.signal, ...(batch === undefined ? {} : { batch }) };
    let started: Promise<unknown>;
    try {
      started = Promise.resolve(binding.call(converted.value as JsonObject, context));
    } catch (error) {
      started = Promise.reject(error);
    }
    const done = started
      .then(
        (raw) => this.settle(raw, record),
        (error: unknown) => {
          if (ToolDenied.isInstance(error)) {
            record.status = 'denied';
            record.error = error.message;
            if (this.fatal === undefined) this.fatal = error;
            this.cancelRunning();
            this.stopWaiting();
            return { value: failure(error.message), size: 0 };
          }
          const message = controller.signal.aborted
            ? 'cancelled'
            : error instanceof Error
              ? error.message
              : String(error);
          record.status = controller.signal.aborted ? 'cancelled' : 'error';
          record.error = message;
          return { value: failure(message), size: 0 };
        },
      )
      .finally(() => {
        this.running.delete(controller);
        this.emit({
          type: 'call-end',
          index,
          tool,
          status: record.status,
          ...(batch === undefined ? {} : { batch }),
          ...(record.error === undefined ? {} : { error: record.error }),
        });
      });
    return { record, done };
  }

  /** Aborts every running call (denial, cancellation, budget stop), marking them cancelled. */
  cancelRunning(): void {
    for (const controller of this.running) controller.abort();
    for (const record of this.calls)
      if (record.status === 'error' && record.error === undefined && record.result === undefined)
        record.status = 'cancelled';
  }

  callTool(m: Machine, tool: string, args: Value[]): void {
    const index = this.admit(m, tool);
    const { record, done } = this.dispatch(tool, args, index, undefined);
    m.pending = done.then((settled) => {
      if (this.fatal !== undefined) return;
      this.charge(m, settled.size, record);
      m.val = settled.value;
    });
  }

  callParallel(m: Machine, calls: Array<{ tool: string; args: Value[] }>): void {
    // A join that cannot fit the nested-call budget launches nothing rather than half its calls.
    const last = this.calls.length + calls.length;
    if (last > this.limits.nestedCalls) {
      const first = calls[Math.max(0, this.limits.nestedCalls - this.calls.length)];
      exceed(
        'nested-calls',
        this.limits.nestedCalls,
        `calls: stopped before nested call ${first?.tool} at call ${this.limits.nestedCalls + 1}, in a join of ${calls.length} calls`,
      );
    }
    const batch = calls.length > 1 ? `batch-${++this.batches}` : undefined;
    const results = new Array<Settled | undefined>(calls.length);
    const records: CallRecord[] = [];
    let next = 0;
    const launch = async (): Promise<void> => {
      while (next < calls.length && this.fatal === undefined && !this.signal.aborted) {
        const at = next++;
        const call = calls[at] as { tool: string; args: Value[] };
        const { record, done } = this.dispatch(
          call.tool,
          call.args,
          this.admit(m, call.tool),
          batch,
        );
        records[at] = record;
        results[at] = await done;
      }
    };
    const lanes = Array.from(
      { length: Math.max(1, Math.min(this.parallelism, calls.length)) },
      () => launch(),
    );
    m.pending = Promise.race([Promise.all(lanes), this.fatalRaised]).then(() => {
      if (this.fatal !== undefined) return;
      for (let i = 0; i < results.length; i++)
        this.charge(m, (results[i] as Settled).size, records[i] as CallRecord);
      m.val = list(results.map((settled) => (settled as Settled).value));
    });
  }
}
