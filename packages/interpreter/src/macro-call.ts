import type { CompileContext, Scope } from './compile-context.js';
import { type Env, type Frame, type Machine, Node } from './machine.js';
import { invoke } from './nodes-call.js';
import { NIL, type Sym, type Value } from './values.js';

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
  ev(): Value {
    return NIL;
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
    m.node = (this.call.cx.compileExpansion as (form: Value, scope: Scope | null) => Node)(
      expansion,
      this.call.scope,
    );
    m.env = this.env;
  }
}
