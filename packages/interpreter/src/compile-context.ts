import type { Deferred } from './compile.js';
import type { Node } from './machine.js';
import type { LambdaTemplate } from './nodes-bind.js';
import type { FunctionCell } from './nodes-call.js';
import type { Closure, Sym, Value } from './values.js';

/** What the compiler knows about one tool of the roster. */
export type ToolInfo = {
  readonly standaloneOnly: boolean;
  /**
   * The argument names the tool's input schema declares, when it declares them and admits no
   * others (no `additionalProperties`): preflight refuses any other literal keyword.
   */
  readonly properties: readonly string[] | undefined;
  /** The schema's `required` argument names (shown beside the accepted ones). */
  readonly required: readonly string[];
};

/** A top-level `defmacro`: its compiled lambda and, once built, its closure. */
export type MacroDefinition = {
  name: Sym;
  template: LambdaTemplate | undefined;
  closure: Closure | undefined;
};

/** A compile-time lexical scope: names of the slots of one environment level. */
export type Scope = {
  readonly names: Sym[];
  readonly visible: number;
  readonly parent: Scope | null;
};

/** Everything the compiler consults and the problems it collects (preflight). */
export type CompileContext = {
  readonly functions: Map<Sym, FunctionCell>;
  readonly macros: Map<Sym, MacroDefinition>;
  readonly tools: ReadonlyMap<string, ToolInfo>;
  /** Unknown operator names, each once, with the offset where first seen. */
  readonly unknown: Map<string, number | undefined>;
  readonly problems: string[];
  readonly positions: WeakMap<object, number> | undefined;
  readonly source: string | undefined;
  /** Whether the whole script is one tool call (standalone-only tools are allowed there). */
  directScript: boolean;
  /** The form of that one call: the only place a standalone-only tool may appear. */
  directForm: Value | undefined;
  /** How deep the compiler is in the host stack, and the forms left for later (see `compileSpan`). */
  readonly nesting: { depth: number; deferred: Deferred[] };
  /** Compiles a runtime macro expansion (set by the compiler). */
  compileExpansion?: (form: Value, scope: Scope | null) => Node;
};

/** Looks a variable up: [depth, slot index], or undefined when unbound. */
export function resolve(scope: Scope | null, name: Sym): [number, number] | undefined {
  let depth = 0;
  for (let s = scope; s !== null; s = s.parent, depth++) {
    for (let i = s.visible - 1; i >= 0; i--) if (s.names[i] === name) return [depth, i + 1];
  }
  return undefined;
}
