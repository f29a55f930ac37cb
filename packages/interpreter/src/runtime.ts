import type { CallSite } from './call-site.js';
import type { CompileContext } from './compile-context.js';
import { exceed } from './guest-error.js';
import { argumentsOrRefusal, type JsonObject, type JsonSchema } from './json.js';
import type { Limits } from './limits.js';
import { guestError, type JoinCalls, type Machine, type Runtime } from './machine.js';
import { bindArguments, bodyOf } from './nodes-bind.js';
import { applyPrimitive, invoke, invokeDirect } from './nodes-call.js';
import { primitives } from './primitives/index.js';
import { preview } from './printer.js';
import { REFUSED, RETURNED, RUNNING, Started, THREW } from './started-call.js';
import { settleFailure, settleResult } from './tool-result.js';
import {
  type CallEvent,
  type CallRecord,
  type QueuedCalls,
  type QueueEvent,
  type ToolBinding,
  type ToolCallContext,
  ToolDenied,
} from './tool-types.js';
import { Closure, Cons, list, NIL, Sym, type Value } from './values.js';

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

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** The program-level side of the machine: named calls, tool dispatch, the call audit. */
export class ScriptRuntime implements Runtime {
  gensymCounter = 0;
  /** The call audit; empty when the host keeps its own (`recordCalls: false`). */
  readonly calls: CallRecord[] = [];
  /** The first call's record, kept either way: a direct call hands back its result. */
  first: CallRecord | undefined = undefined;
  /** Calls admitted so far; the next call's index is one more. */
  private admitted = 0;
  // The wall clock is read before a nested call only every `readEvery` calls: a read costs
  // about as much as a cheap synchronous call. The gap doubles (up to 16) after four reads
  // in a row each found the calls between them took under 0.25 ms in all, and closes to 1
  // as soon as they took over 1 ms or a call was waited for; a slow call among quick ones
  // therefore keeps every call checked.
  private unread = 0;
  private readEvery = 1;
  private quickReads = 0;
  private lastRead = Number.NaN;
  fatal: unknown = undefined;
  direct = false;
  private batches = 0;
  /** One signal for every call: it aborts when the evaluation stops waiting for its calls. */
  // Made at the first call: a Node AbortController costs more than a short script's whole
  // evaluation (about 1.5 µs), and a script without tool calls never needs one.
  private calling: AbortController | undefined = undefined;
  // Read once, and `aborted` mirrored: the signal's getters check their receiver on every read.
  private signal: AbortSignal | undefined = undefined;
  private aborted = false;

  /** The signal every call shares, made at the first call (already aborted after a stop). */
  private callSignal(): AbortSignal {
    if (this.signal !== undefined) return this.signal;
    const calling = new AbortController();
    if (this.aborted) calling.abort();
    this.calling = calling;
    this.signal = calling.signal;
    return this.signal;
  }

  constructor(
    readonly cx: CompileContext,
    readonly tools: ReadonlyMap<string, ToolBinding>,
    readonly limits: Limits,
    readonly parallelism: number,
    readonly onEvent: ((event: CallEvent) => void) | undefined,
    readonly onQueued: ((event: QueueEvent) => void) | undefined,
    /** Resumes the waiting evaluation, or fails it with an error. */
    readonly wake: (error?: unknown) => void,
    /** Why the evaluation stopped (cancellation, wall time), once it has. */
    readonly halted: () => unknown,
    /** Keep every call's record in `calls`; a host with its own audit turns this off. */
    readonly recordCalls = true,
  ) {
    for (const [name, binding] of tools) if (binding.standaloneOnly) this.standalone.add(name);
  }
  /** The roster's standalone-only tools. */
  private readonly standalone = new Set<string>();

  checkCallable(callee: Value): void {
    if (callee instanceof Closure) return;
    if (!(callee instanceof Sym)) guestError(`invalid-function ${preview(callee, 200)}`);
    const name = callee.name;
    if (this.cx.functions.has(callee) || primitives.has(name)) return;
    if (name === 'funcall' || name === 'apply') return;
    const tool = this.tools.get(name);
    if (tool !== undefined) {
      if (tool.standaloneOnly)
        guestError(`${name} is standalone-only and cannot be called from a composed expression`);
      return;
    }
    if (this.cx.macros.has(callee)) guestError(`${name} is a macro; a macro name is not a value`);
    guestError(
      `void-function ${name}: not a primitive, definition or tool of this script's closed roster`,
    );
  }

  callNamed(m: Machine, name: Sym, args: Value[]): void {
    const cell = this.cx.functions.get(name);
    if (cell !== undefined) {
      const closure = cell.closure as Closure;
      m.enter(bodyOf(closure), bindArguments(closure, args));
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
    this.callTool(m, this.namedTool(name), args);
  }

  callNamedDirect(m: Machine, name: Sym, args: Value[], tail: boolean, cost: number): Value {
    const cell = this.cx.functions.get(name);
    if (cell !== undefined) return invokeDirect(m, cell.closure as Closure, args, tail, cost);
    if (name.name === 'funcall' || name.name === 'apply') {
      const spread = name.name === 'apply' ? spreadLast(args.slice(1)) : args.slice(1);
      return invokeDirect(m, args[0] ?? NIL, spread, tail, cost);
    }
    const primitive = primitives.get(name.name);
    if (primitive !== undefined) return applyPrimitive(primitive, args, m);
    this.callTool(m, this.namedTool(name), args);
    return m.pending ? m.waitFor() : m.val;
  }

  /** The tool a computed callable names, refusing a standalone-only one, a macro or an unknown name. */
  private namedTool(name: Sym): string {
    const tool = this.tools.get(name.name);
    if (tool !== undefined) {
      if (tool.standaloneOnly)
        guestError(
          `${name.name} is standalone-only and cannot be called from a composed expression`,
        );
      return name.name;
    }
    if (this.cx.macros.has(name))
      guestError(`${name.name} is a macro; a macro name is not a value`);
    return guestError(
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

  /** Tells the queue observer of a join's waiting calls, one event per run of one tool. */
  private announceQueue(calls: JoinCalls, lanes: number, batch: string | undefined): void {
    const total = calls.count;
    let start = lanes;
    while (start < total) {
      const tool = calls.tool(start);
      let end = start + 1;
      while (end < total && calls.tool(end) === tool) end++;
      const event: QueuedCalls = {
        type: 'calls-queued',
        first: this.admitted + 1 + start,
        count: end - start,
        tool,
      };
      if (batch !== undefined) event.batch = batch;
      this.observeQueued(this.onQueued as (event: QueueEvent) => void, event);
      start = end;
    }
  }

  private observeQueued(observer: (event: QueueEvent) => void, event: QueueEvent): void {
    try {
      observer(event);
    } catch {
      // An observer's failure must not change the script's outcome.
    }
  }

  private admit(m: Machine, tool: string): number {
    const index = this.admitted + 1;
    if (index > this.limits.nestedCalls)
      exceed(
        'nested-calls',
        this.limits.nestedCalls,
        `calls: stopped before nested call ${tool} at call ${index}`,
      );
    if (++this.unread >= this.readEvery) {
      const now = m.host.now();
      if (now >= m.deadline)
        exceed(
          'wall-time',
          this.limits.wallTime,
          `ms: stopped before nested call ${tool} at call ${index}`,
        );
      const elapsed = now - this.lastRead;
      if (elapsed < 0.25) {
        if (++this.quickReads === 4) {
          this.readEvery = Math.min(16, this.readEvery * 2);
          this.quickReads = 0;
        }
      } else if (!(elapsed <= 1)) {
        this.readEvery = 1;
        this.quickReads = 0;
      }
      this.lastRead = now;
      this.unread = 0;
    }
    this.admitted = index;
    return index;
  }

  /** After a waited call the clock is read before the next one: the wait may have been long. */
  private waited(): void {
    this.readEvery = 1;
    this.quickReads = 0;
    this.lastRead = Number.NaN;
  }

  private charge(m: Machine, size: number, tool: string, index: number): void {
    // The message is built only for the call that exceeds the budget.
    if (m.allocated + size <= m.limits.retainedValues) m.allocated += size;
    else m.allocate(size, `at nested call ${tool} at call ${index}`);
  }

  /** Starts one call: its audit record, its call-start event and the binding's call. */
  private begin(
    tool: string,
    args: Value[],
    index: number,
    batch: string | undefined,
    site: CallSite | undefined,
  ): Started {
    const binding =
      site === undefined ? (this.tools.get(tool) as ToolBinding) : site.bindingIn(this.tools, tool);
    const schema = binding.inputSchema as JsonSchema | undefined;
    const valueSize = this.limits.valueSize;
    const converted: JsonObject | string =
      site === undefined
        ? argumentsOrRefusal(args, schema, valueSize)
        : site.project(args, schema, valueSize);
    const refused = typeof converted === 'string';
    // A host that audits calls itself gets no record per call; the first is kept either way.
    let record: CallRecord | undefined;
    if (this.recordCalls || index === 1) {
      record = {
        index,
        tool,
        arguments: refused ? undefined : converted,
        direct: this.direct,
        status: 'error',
      };
      if (batch !== undefined) record.batch = batch;
      if (this.recordCalls) this.calls.push(record);
      if (index === 1) this.first = record;
    }
    if (refused) {
      const message = `invalid arguments for ${tool}: ${converted}`;
      if (record !== undefined) record.error = message;
      const started = new Started(index, tool, batch, record, message, REFUSED);
      started.error = message;
      return started;
    }
    if (this.onEvent !== undefined)
      this.emit({
        type: 'call-start',
        index,
        tool,
        arguments: converted,
        ...(batch === undefined ? {} : { batch }),
      });
    const signal = this.signal ?? this.callSignal();
    const context: ToolCallContext =
      batch === undefined
        ? { index, direct: this.direct, signal }
        : { index, batch, direct: this.direct, signal };
    let returned: unknown;
    try {
      returned = binding.call(converted, context);
    } catch (error) {
      return new Started(index, tool, batch, record, error, THREW);
    }
    return new Started(
      index,
      tool,
      batch,
      record,
      returned,
      isThenable(returned) ? RUNNING : RETURNED,
    );
  }

  /** Settles a call that finished during `call`, as its promise's callback would have. */
  private settleNow(started: Started): void {
    const raw = started.returned;
    switch (started.state) {
      case REFUSED:
        settleFailure(started, 'error', raw as string, 0);
        return;
      case THREW:
        this.refuse(raw, started);
        break;
      default:
        settleResult(raw, started, this.limits.valueSize, this.direct);
    }
    this.finish(started);
  }

  /** Waits for a call still running; `then` runs once it has settled. */
  private await(started: Started, then: () => void): void {
    Promise.resolve(started.returned).then(
      (raw) => {
        this.waited();
        settleResult(raw, started, this.limits.valueSize, this.direct);
        this.finish(started);
        then();
      },
      (error: unknown) => {
        this.waited();
        this.refuse(error, started);
        this.finish(started);
        then();
      },
    );
  }

  private refuse(error: unknown, started: Started): void {
    if (ToolDenied.isInstance(error)) {
      settleFailure(started, 'denied', error.message, 0);
      started.recordOutcome();
      if (this.fatal === undefined) this.fatal = error;
      this.cancelRunning();
      this.wake();
      return;
    }
    const aborted = this.aborted;
    const message = aborted ? 'cancelled' : error instanceof Error ? error.message : String(error);
    settleFailure(started, aborted ? 'cancelled' : 'error', message, 0);
  }

  /** Records how a call settled and emits its call-end event. */
  private finish(started: Started): void {
    // Most calls keep no record: test for one here rather than pay a call to find out.
    if (started.record !== undefined) started.recordOutcome();
    if (this.onEvent !== undefined) {
      const { index, tool, batch, status, error } = started;
      this.emit({
        type: 'call-end',
        index,
        tool,
        status,
        ...(batch === undefined ? {} : { batch }),
        ...(error === undefined ? {} : { error }),
      });
    }
  }

  /** Aborts every running call (denial, cancellation, budget stop), marking them cancelled. */
  cancelRunning(): void {
    this.aborted = true;
    this.calling?.abort();
    for (const record of this.calls)
      if (record.status === 'error' && record.error === undefined) record.status = 'cancelled';
  }

  callTool(m: Machine, tool: string, args: Value[], site?: CallSite): void {
    // Preflight already refuses a standalone-only tool anywhere but as the whole script;
    // this keeps the boundary should a call reach here some other way.
    if (this.standalone.size > 0 && !this.direct && this.standalone.has(tool))
      guestError(`${tool} is standalone-only and cannot be called from a composed expression`);
    const index = this.admit(m, tool);
    const started = this.begin(tool, args, index, undefined, site);
    if (started.state === RUNNING) {
      m.pending = true;
      this.await(started, () => {
        if (this.fatal === undefined)
          try {
            this.charge(m, started.size, tool, index);
            m.val = started.value;
          } catch (error) {
            this.wake(error);
            return;
          }
        this.wake();
      });
      return;
    }
    // Settled during `call`: the machine goes on at once, stopping as a wake would.
    started.take();
    this.settleNow(started);
    const stop = this.halted();
    if (stop !== undefined) throw stop;
    if (this.fatal !== undefined) throw this.fatal;
    this.charge(m, started.size, tool, index);
    m.val = started.value;
  }

  callParallel(m: Machine, calls: JoinCalls): void {
    const total = calls.count;
    if (this.standalone.size > 0)
      for (let at = 0; at < total; at++)
        if (this.standalone.has(calls.tool(at)))
          guestError(
            `${calls.tool(at)} is standalone-only and cannot be called from a composed expression`,
          );
    // A join that cannot fit the nested-call budget launches nothing rather than half its calls.
    if (this.admitted + total > this.limits.nestedCalls) {
      const first = calls.tool(Math.max(0, this.limits.nestedCalls - this.admitted));
      exceed(
        'nested-calls',
        this.limits.nestedCalls,
        `calls: stopped before nested call ${first} at call ${this.limits.nestedCalls + 1}, in a join of ${total} calls`,
      );
    }
    if (total === 0) {
      m.val = NIL;
      return;
    }
    const batch = total > 1 ? `batch-${++this.batches}` : undefined;
    const lanes = Math.min(this.parallelism, total);
    // Calls beyond the parallelism cap wait for a free slot; their indexes are already fixed.
    if (lanes < total && this.onEvent !== undefined)
      for (let at = lanes; at < total; at++) {
        const index = this.admitted + 1 + at;
        const tool = calls.tool(at);
        this.emit(
          batch === undefined
            ? { type: 'call-queued', index, tool }
            : { type: 'call-queued', index, tool, batch },
        );
      }
    if (lanes < total && this.onQueued !== undefined) this.announceQueue(calls, lanes, batch);
    // What a join keeps until it ends is one value and one size per call: a script may
    // fan out over thousands of items, and every object held that long is copied by the
    // collector.
    const values = new Array<Value>(total);
    const sizes = new Float64Array(total);
    const first = this.admitted + 1;
    // Calls that settled during `call`, taken in the order they settled, as the callbacks
    // of resolved promises would have been.
    const ready: Array<Started | undefined> = [];
    let taken = 0;
    let next = 0;
    let finished = 0;
    const settle = (started: Started): void => {
      const at = started.at;
      values[at] = started.value;
      sizes[at] = started.size;
      if (++finished === total) this.join(m, values, sizes, calls, first);
      else launch();
    };
    // Calls ready together form a generation: all are taken before the script resumes any,
    // as a host's callbacks on resolved promises run before the script's; the calls they
    // launch form the next generation.
    const drain = (): void => {
      while (taken < ready.length) {
        const end = ready.length;
        for (let at = taken; at < end; at++) (ready[at] as Started).take();
        while (taken < end) {
          const started = ready[taken] as Started;
          // A taken call leaves the queue: it holds no call the join is done with.
          ready[taken++] = undefined;
          this.settleNow(started);
          settle(started);
        }
      }
      // Every generation is taken: the queue starts empty rather than holding them all.
      ready.length = 0;
      taken = 0;
    };
    const launch = (): void => {
      if (next >= total || this.fatal !== undefined || this.aborted) return;
      const at = next++;
      const tool = calls.tool(at);
      let index: number;
      try {
        index = this.admit(m, tool);
      } catch (error) {
        this.wake(error);
        return;
      }
      const started = this.begin(tool, calls.args(at), index, batch, calls.site);
      started.at = at;
      if (at >= lanes && started.state === REFUSED && this.onQueued !== undefined)
        // A waiting call refused at its turn never starts: its observer hears it leave the queue.
        this.observeQueued(this.onQueued, {
          type: 'call-refused',
          index,
          tool,
          ...(batch === undefined ? {} : { batch }),
          error: started.error as string,
        });
      if (started.state !== RUNNING) ready[ready.length] = started;
      else
        this.await(started, () => {
          settle(started);
          drain();
        });
    };
    m.pending = true;
    for (let lane = 0; lane < lanes; lane++) launch();
    drain();
  }

  /** Charges a join's results in call order (call `first + at` is entry `at`), then resumes. */
  private join(
    m: Machine,
    values: Value[],
    sizes: Float64Array,
    calls: JoinCalls,
    first: number,
  ): void {
    if (this.fatal === undefined)
      try {
        for (let at = 0; at < values.length; at++)
          this.charge(m, sizes[at] as number, calls.tool(at), first + at);
        m.val = list(values);
      } catch (error) {
        this.wake(error);
        return;
      }
    this.wake();
  }
}
