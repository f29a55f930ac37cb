import type { CompileContext, Scope } from './compile-context.js';
import { type Env, type Frame, handOver, type Machine, markTail, Node } from './machine.js';
import { invoke } from './nodes-call.js';
import type { Sym, Value } from './values.js';

/** A call of a top-level macro: expands at run time (every time), then runs the expansion in place. */
export class MacroCall extends Node {
  constructor(
    readonly macro: Sym,
    readonly args: Value[],
    readonly scope: Scope | null,
    readonly cx: CompileContext,
  ) {
    super();
    this.simple = false;
  }
  ev(env: Env, m: Machine): Value {
    // Expanding runs the macro's body as a call of its own: the machine does it step by step.
    return handOver(this, env, m);
  }
  override run(env: Env, m: Machine): void {
    m.steps++;
    const definition = this.cx.macros.get(this.macro);
    m.stack.push(new ExpandFrame(this, env));
    invoke(m, definition?.closure as Value, this.args);
  }
}

class ExpandFrame implements Frame {
  constructor(
    readonly call: MacroCall,
    readonly env: Env,
  ) {}
  resume(m: Machine, expansion: Value): void {
    const node = (this.call.cx.compileExpansion as (form: Value, scope: Scope | null) => Node)(
      expansion,
      this.call.scope,
    );
    // The expansion stands where the call stood: in tail position if the call was.
    if (this.call.tail) markTail(node);
    m.node = node;
    m.env = this.env;
  }
}
