import { CallSite } from './call-site.js';
import { bindOne, type Env, type JoinCalls, type Machine, Node, SUSPENDED } from './machine.js';
import { Collector, evaluateArg } from './nodes-bind.js';
import { sequenceItems } from './nodes-call.js';
import type { Value } from './values.js';

/** One tool call about to be dispatched: the tool's name and its evaluated argument list. */
export type PendingCall = { tool: string; args: Value[] };

/** A nested tool call `(Tool :key value …)`. */
export class ToolCallNode extends Collector {
  private readonly site = new CallSite();
  constructor(
    readonly tool: string,
    args: Node[],
  ) {
    super(args);
    this.simple = false;
  }
  ev(env: Env, m: Machine): Value {
    m.steps++;
    const values = this.evaluateArgs(env, m);
    if (values === undefined) return SUSPENDED;
    m.runtime.callTool(m, this.tool, values, this.site);
    return settled(m);
  }
  finish(values: Value[], _env: Env, m: Machine): void {
    m.runtime.callTool(m, this.tool, values, this.site);
  }
}

/** The value of a call that settled at once, or a suspension until the machine is woken with it. */
function settled(m: Machine): Value {
  return m.pending ? m.waitFor() : m.val;
}

/** The calls of a `parallel`: a few entries, each its own tool. */
class ListedCalls implements JoinCalls {
  readonly count: number;
  readonly site = undefined;
  constructor(readonly calls: PendingCall[]) {
    this.count = calls.length;
  }
  tool(at: number): string {
    return (this.calls[at] as PendingCall).tool;
  }
  args(at: number): Value[] {
    return (this.calls[at] as PendingCall).args;
  }
}

/**
 * The calls of a `parallel-map`: one tool, and every call's arguments in one flat array.
 * A join may fan out over thousands of items and lasts until its last call settles; one
 * array held that long costs the collector little, an object or two per item a great deal.
 */
class MappedCalls implements JoinCalls {
  constructor(
    readonly name: string,
    readonly count: number,
    /** Arguments per call. */
    readonly arity: number,
    readonly values: Value[],
    readonly site: CallSite,
  ) {}
  tool(): string {
    return this.name;
  }
  args(at: number): Value[] {
    // A loop, not `slice`: V8 ran slice as its generic builtin, over 250 instructions a call.
    const arity = this.arity;
    const from = at * arity;
    const args = new Array<Value>(arity);
    for (let i = 0; i < arity; i++) args[i] = this.values[from + i] as Value;
    return args;
  }
}

/** `parallel`: every entry one direct tool call, arguments evaluated first, results in source order. */
export class ParallelNode extends Node {
  constructor(readonly entries: Array<{ tool: string; args: Node[] }>) {
    super();
    this.simple = false;
  }
  ev(env: Env, m: Machine): Value {
    m.steps++;
    // Entries' arguments are simple (preflight), so nothing here suspends before the join.
    const calls = this.entries.map((entry) => ({
      tool: entry.tool,
      args: entry.args.map((arg) => arg.ev(env, m)),
    }));
    m.runtime.callParallel(m, new ListedCalls(calls));
    return settled(m);
  }
}

/** `parallel-map`: one direct tool call per input element, results in input order. */
export class ParallelMapNode extends Collector {
  private readonly site = new CallSite();
  constructor(
    readonly tool: string,
    readonly callArgs: Node[],
    list: Node,
  ) {
    super([list]);
    this.simple = false;
  }
  ev(env: Env, m: Machine): Value {
    m.steps++;
    const list = evaluateArg(this, undefined, 0, env, m);
    if (list === SUSPENDED) return list;
    this.finish([list], env, m);
    return settled(m);
  }
  /** Stores the call arguments for `item` in `flat`, from `from` on. */
  private evaluateItemArgs(item: Value, env: Env, m: Machine, flat: Value[], from: number): void {
    const inner = bindOne(env, item);
    const callArgs = this.callArgs;
    m.steps++;
    // Indexed stores into a sized array: `push` here ran V8's generic builtin.
    for (let i = 0; i < callArgs.length; i++) flat[from + i] = (callArgs[i] as Node).ev(inner, m);
  }
  finish(values: Value[], env: Env, m: Machine): void {
    // Every item's arguments are evaluated, in order, before any call starts: an argument
    // that fails fails the form with no call made.
    const items = sequenceItems(values[0] as Value);
    const arity = this.callArgs.length;
    const flat = new Array<Value>(items.length * arity);
    for (let at = 0; at < items.length; at++)
      this.evaluateItemArgs(items[at] as Value, env, m, flat, at * arity);
    m.runtime.callParallel(m, new MappedCalls(this.tool, items.length, arity, flat, this.site));
  }
}
