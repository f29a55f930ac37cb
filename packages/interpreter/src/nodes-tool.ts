import { type Env, type Machine, Node } from './machine.js';
import { Collector } from './nodes-bind.js';
import { sequenceItems } from './nodes-call.js';
import type { Value } from './values.js';

/** One tool call about to be dispatched: the tool's name and its evaluated argument list. */
export type PendingCall = { tool: string; args: Value[] };

/** A nested tool call `(Tool :key value …)`. */
export class ToolCallNode extends Collector {
  constructor(
    readonly tool: string,
    args: Node[],
  ) {
    super(args);
    this.simple = false;
  }
  ev(): Value {
    return 0;
  }
  finish(values: Value[], _env: Env, m: Machine): void {
    m.runtime.callTool(m, this.tool, values);
  }
}

/** `parallel`: every entry one direct tool call, arguments evaluated first, results in source order. */
export class ParallelNode extends Node {
  constructor(readonly entries: Array<{ tool: string; args: Node[] }>) {
    super();
    this.simple = false;
  }
  ev(): Value {
    return 0;
  }
  override run(env: Env, m: Machine): void {
    m.steps++;
    const calls = this.entries.map((entry) => ({
      tool: entry.tool,
      args: entry.args.map((arg) => arg.ev(env, m)),
    }));
    m.runtime.callParallel(m, calls);
  }
}

/** `parallel-map`: one direct tool call per input element, results in input order. */
export class ParallelMapNode extends Collector {
  constructor(
    readonly tool: string,
    readonly callArgs: Node[],
    list: Node,
  ) {
    super([list]);
    this.simple = false;
  }
  ev(): Value {
    return 0;
  }
  finish(values: Value[], env: Env, m: Machine): void {
    const calls = sequenceItems(values[0] as Value).map((item) => {
      const inner: Env = [env as unknown as Value, item];
      m.steps++;
      return { tool: this.tool, args: this.callArgs.map((arg) => arg.ev(inner, m)) };
    });
    m.runtime.callParallel(m, calls);
  }
}
