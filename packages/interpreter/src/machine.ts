import type { CallSite } from './call-site.js';
import { exceed, GuestError } from './guest-error.js';
import type { Limits } from './limits.js';
import type { Sym, Value } from './values.js';

/** A lexical environment: slot 0 is the parent environment, the rest are variable values. */
export type Env = Value[];

// Environments are made by these two functions only. V8 decides per allocation site whether
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

/** A compiled form. Simple nodes compute with `ev`; complex ones drive the machine with `run`. */
export abstract class Node {
  simple = true;
  /** Computes the value directly; only valid on simple nodes (bounded, no calls into guest code). */
  abstract ev(env: Env, m: Machine): Value;
  /** One machine step: set `m.val`, or hand control to a child (`m.node`/`m.env`), pushing frames as needed. */
  run(env: Env, m: Machine): void {
    m.val = this.ev(env, m);
  }
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
  readonly host: Host;
  sliceEnd = 0;
  readonly deadline: number;
  readonly callFrame = new CallFrame();
  runtime!: Runtime;

  constructor(limits: Limits, host: Host) {
    this.limits = limits;
    this.bits = limits.numericSize;
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
      if (this.pending) return 'pending';
      if (this.steps >= this.checkAt && this.checkpoint()) return 'yield';
    }
  }
}

/** Raises a guest error. */
export function guestError(message: string): never {
  throw new GuestError(message);
}
