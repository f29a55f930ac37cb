import type { CallSite } from './call-site.js';
import { exceed, GuestError } from './guest-error.js';
import type { Limits } from './limits.js';
import { Sym, type Value } from './values.js';

/** A lexical environment: slot 0 is the parent environment, the rest are variable values. */
export type Env = Value[];

// Environments are made by these three functions only. V8 decides per allocation site whether
// to allocate straight into the old generation, by how many of the site's objects outlive a
// young collection. A site of its own for a script's few long-lived environments (a `let`
// around a whole script) would be judged on those alone and moved to the old generation;
// there an environment outlives its evaluation until the next full collection, and every
// young value its variables last held (a list a loop built) is copied, then promoted, by
// each young collection until then. Shared with the many short-lived environments of loop
// turns and calls, the sites stay young.

/** A new environment below `parent` binding one variable to `value`. */
export function bindOne(parent: Env, value: Value): Env {
  return [parent as unknown as Value, value];
}

/** A new environment below `parent` with no variables yet; the caller pushes their values. */
export function bindNone(parent: Env): Env {
  return [parent as unknown as Value];
}

/** A new environment below `parent` with `count` variables; the caller stores their values. */
export function bindMany(parent: Env, count: number): Env {
  const env = new Array<Value>(count + 1);
  env[0] = parent as unknown as Value;
  return env;
}

/**
 * What direct evaluation returns when it must hand control to the machine: a tool call
 * waits, the slice is over, or the host stack is deep enough. Every node it passes on the way
 * out pushes the frame that finishes its own work onto `Machine.captured` and returns it in
 * turn, so the machine holds the same continuation it would have built running the form step
 * by step. A value, not a throw: a throw and its rethrows cost microseconds, a nested tool
 * call a fraction of one. Never a guest value.
 */
export const SUSPENDED: Value = new Sym('suspended', false);

/**
 * What a call in tail position returns instead of running the callee: the caller's loop
 * (`Machine.call`, or the machine) runs `Machine.tailBody` in `Machine.tailEnv` next, at
 * the same depth. Never a guest value: only tail positions of a function body return it.
 */
export const TAIL: Value = new Sym('tail-call', false);

/**
 * Nesting of direct evaluation the host stack may hold before the machine takes over,
 * counted in nodes (each a few small host frames). A call counts the nesting of its form.
 * Chosen so that direct evaluation needs no more host stack than stepping a deeply nested
 * form did before it: measured, deep recursion and 20,000 nested forms both run in 250 kB.
 */
export const hostSpan = 300;

/** A compiled form. `ev` computes its value directly; the machine steps from node to node. */
export abstract class Node {
  /** Bounded and never suspends: no guest call, tool call or loop inside. */
  simple = true;
  /** In tail position of a function body: a call here returns `TAIL` rather than nesting. */
  tail = false;
  /**
   * A two-operand fixnum call (`FixnumCall`). Parents keep such a child in a field of its
   * own and call it there, where V8 sees one receiver class and inlines the arithmetic.
   */
  fixnum = false;
  /** Computes the value directly; a node that is not simple may return `SUSPENDED`. */
  abstract ev(env: Env, m: Machine): Value;
  /** One machine step: set `m.val`, or hand control to a child (`m.node`/`m.env`). */
  run(env: Env, m: Machine): void {
    m.val = this.ev(env, m);
  }
  /** Marks this node as in tail position; nodes that pass on a child's value mark it too. */
  markTail(_pending: Node[]): void {
    this.tail = true;
  }
}

/** Marks `body` and every node in tail position under it (iteratively: bodies can nest deep). */
export function markTail(body: Node): void {
  const pending = [body];
  while (pending.length > 0) (pending.pop() as Node).markTail(pending);
}

/** Hands `node` to the machine, which runs it with `run` from a shallow host stack. */
export function handOver(node: Node, env: Env, m: Machine): Value {
  m.node = node;
  m.env = env;
  return SUSPENDED;
}

/** A continuation frame on the machine's explicit stack. */
export interface Frame {
  resume(m: Machine, value: Value): void;
}

/** Marks a guest function frame; its presence on top of the stack makes a call a tail call. */
export class CallFrame implements Frame {
  resume(m: Machine): void {
    m.depth--;
  }
}

/** The machine's clock. */
export interface Host {
  now(): number;
}

/** The calls of one parallel join, their arguments already evaluated. */
export interface JoinCalls {
  readonly count: number;
  /** The tool of call `at` (0-based). */
  tool(at: number): string;
  /** The argument list of call `at`, handed over when the call launches. */
  args(at: number): Value[];
  /** The site every call comes from, when they all come from one form. */
  readonly site: CallSite | undefined;
}

/** Program-level services the machine calls back into: named calls (definitions, primitives, tools). */
export interface Runtime {
  callNamed(m: Machine, name: Sym, args: Value[]): void;
  /** `callNamed` in direct evaluation: the value, `TAIL`, or a suspension while a tool runs. */
  callNamedDirect(m: Machine, name: Sym, args: Value[], tail: boolean, cost: number): Value;
  /** Calls `tool`; a `(Tool …)` form passes its site, which remembers what its calls resolved. */
  callTool(m: Machine, tool: string, args: Value[], site?: CallSite): void;
  callParallel(m: Machine, calls: JoinCalls): void;
  /** Refuses a computed callable that no call could run (unknown name, macro, standalone-only tool). */
  checkCallable(callee: Value): void;
  gensymCounter: number;
}

/** The explicit-stack machine state: control, environment, value and continuation. */
export class Machine {
  node: Node | null = null;
  env: Env = [];
  val: Value = 0;
  readonly stack: Frame[] = [];
  /** Set by the runtime when the program waits on tool calls; the evaluation resumes it. */
  pending = false;
  steps = 0;
  checkAt = 0;
  depth = 0;
  allocated = 0;
  private interval = 1024;
  private lastCheck = 0;
  readonly limits: Limits;
  readonly bits: number;
  /** `limits.recursionDepth`, read on every call. */
  readonly maxDepth: number;
  readonly host: Host;
  sliceEnd = 0;
  readonly deadline: number;
  readonly callFrame = new CallFrame();
  runtime!: Runtime;
  /** Frames of the direct evaluation being suspended, innermost first. */
  readonly captured: Frame[] = [];
  /** Nesting of direct evaluation on the host stack now (see `hostSpan`). */
  hostDepth = 0;
  /** Set when direct evaluation suspends because the slice is over. */
  yielding = false;
  /**
   * The machine's value when a tool call suspended direct evaluation (see `waitFor`): a join
   * whose calls all settled at once has already set it, before the suspension came through.
   */
  held: Value = 0;
  tailBody: Node | null = null;
  tailEnv: Env = [];

  constructor(limits: Limits, host: Host) {
    this.limits = limits;
    this.bits = limits.numericSize;
    this.maxDepth = limits.recursionDepth;
    this.host = host;
    this.deadline = host.now() + limits.wallTime;
    this.checkAt = Math.min(4096, limits.steps + 1);
  }

  /** Enters a guest function body, pushing a call frame unless this is a tail call. */
  enter(body: Node, env: Env): void {
    const top = this.stack[this.stack.length - 1];
    if (top !== this.callFrame) {
      if (++this.depth > this.limits.recursionDepth)
        exceed(
          'recursion-depth',
          this.limits.recursionDepth,
          `frames: guest calls nested deeper than that after ${this.steps} steps`,
        );
      this.stack.push(this.callFrame);
    }
    this.node = body;
    this.env = env;
  }

  /** Charges `bytes` of newly produced values (strings, list cells, tool results) to the retained-values budget. */
  allocate(bytes: number, what: string): void {
    this.allocated += bytes;
    if (this.allocated > this.limits.retainedValues)
      exceed(
        'retained-values',
        this.limits.retainedValues,
        `bytes: values produced over the run grew past it ${what} after ${this.steps} steps`,
      );
  }

  /** Checks the step and wall-time budgets; returns whether the current slice is used up. */
  checkpoint(): boolean {
    if (this.steps > this.limits.steps)
      exceed('steps', this.limits.steps, `steps: stopped after ${this.steps} steps`);
    const now = this.host.now();
    if (now >= this.deadline)
      exceed('wall-time', this.limits.wallTime, `ms: stopped after ${this.steps} steps`);
    // Check the clock less often while steps are cheap and more often when they are heavy,
    // so the machine still returns to the event loop within its slice.
    const elapsed = now - this.lastCheck;
    if (elapsed > 1) this.interval = Math.max(16, this.interval >> 2);
    else if (elapsed < 0.25) this.interval = Math.min(4096, this.interval << 1);
    this.lastCheck = now;
    this.checkAt = Math.min(this.steps + this.interval, this.limits.steps + 1);
    return now >= this.sliceEnd;
  }

  /** Checks the budgets at a call or loop turn of direct evaluation; true when the slice is over. */
  yieldDue(): boolean {
    if (!this.checkpoint()) return false;
    this.yielding = true;
    return true;
  }

  /**
   * Runs a guest function body directly, as a non-tail call from a form nested `cost` deep:
   * one more frame of recursion depth, and tail calls from the body run here in a loop.
   */
  call(body: Node, env: Env, cost: number): Value {
    // The rare ways out are methods of their own: this one stays small enough to inline.
    if (++this.depth > this.maxDepth) this.tooDeep();
    const host = this.hostDepth + cost;
    if (host > hostSpan || (this.steps >= this.checkAt && this.yieldDue()))
      return this.enterFromMachine(body, env);
    this.hostDepth = host;
    const value = body.simple ? body.ev(env, this) : this.callBody(body, env);
    // A suspended call stays one frame deep: its call frame, now on the way to the machine,
    // leaves the depth when it resumes.
    if (value === SUSPENDED) return value;
    this.hostDepth = host - cost;
    this.depth--;
    return value;
  }

  /** Runs a body that may call, and the tail calls it ends with. */
  private callBody(body: Node, env: Env): Value {
    let value = body.ev(env, this);
    while (value === TAIL) {
      const next = this.tailBody as Node;
      const nextEnv = this.tailEnv;
      value =
        this.steps >= this.checkAt && this.yieldDue()
          ? handOver(next, nextEnv, this)
          : next.ev(nextEnv, this);
    }
    if (value === SUSPENDED) this.captured.push(this.callFrame);
    return value;
  }

  private tooDeep(): never {
    return exceed(
      'recursion-depth',
      this.limits.recursionDepth,
      `frames: guest calls nested deeper than that after ${this.steps} steps`,
    );
  }

  /** Leaves the call to the machine: the host stack is deep enough, or the slice is over. */
  private enterFromMachine(body: Node, env: Env): Value {
    this.captured.push(this.callFrame);
    return handOver(body, env, this);
  }

  /**
   * Runs until the program finishes ('done'), waits on a tool ('pending') or its slice ends
   * ('yield'). A fresh slice starts now; otherwise the machine goes on in the current slice
   * (after a tool call settled), which saves reading the clock once per call.
   */
  runSlice(sliceMs: number, fresh = true): 'done' | 'pending' | 'yield' {
    if (fresh) {
      this.lastCheck = this.host.now();
      this.sliceEnd = this.lastCheck + sliceMs;
    } else {
      // The last check may predate a long wait; skip one interval adjustment rather than misjudge it.
      this.lastCheck = Number.NaN;
    }
    return this.runSteps();
  }

  /** Takes over a suspended direct evaluation: its frames go on the stack. */
  private suspended(): void {
    const { captured, stack } = this;
    for (let i = captured.length - 1; i >= 0; i--) stack.push(captured[i] as Frame);
    captured.length = 0;
    this.hostDepth = 0;
    this.val = this.held;
    this.held = 0;
  }

  /** Suspends direct evaluation while the tool calls just started are waited for. */
  waitFor(): Value {
    this.held = this.val;
    this.node = null;
    return SUSPENDED;
  }

  private runSteps(): 'done' | 'pending' | 'yield' {
    const stack = this.stack;
    while (true) {
      const node = this.node;
      if (node !== null) {
        this.node = null;
        node.run(this.env, this);
      } else {
        const frame = stack.pop();
        if (frame === undefined) return 'done';
        frame.resume(this, this.val);
      }
      if (this.val === SUSPENDED) {
        this.suspended();
        if (this.pending) return 'pending';
        if (this.yielding) {
          this.yielding = false;
          return 'yield';
        }
        continue;
      }
      if (this.val === TAIL) {
        // A call in tail position of the function whose frame is on top: run its callee here.
        this.val = 0;
        this.node = this.tailBody;
        this.env = this.tailEnv;
      }
      if (this.pending) return 'pending';
      if (this.steps >= this.checkAt && this.checkpoint()) return 'yield';
    }
  }
}

/** Raises a guest error. */
export function guestError(message: string): never {
  throw new GuestError(message);
}
