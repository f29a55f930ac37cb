import { compile, compileDeferred, Deferred, syntaxNames } from './compile.js';
import type { CompileContext, MacroDefinition, Scope, ToolInfo } from './compile-context.js';
import { items } from './compile-support.js';
import { exceed, StaticError } from './guest-error.js';
import { compileLambda } from './lambda-list.js';
import type { Limits } from './limits.js';
import type { Node } from './machine.js';
import type { FunctionCell } from './nodes-call.js';
import { PrimitiveCall } from './nodes-call.js';
import { Const, Seq } from './nodes-core.js';
import { ToolCallNode } from './nodes-tool.js';
import { primitives } from './primitives/index.js';
import { preview } from './printer.js';
import { isNameSuggestion, looksLikeTool, suggest } from './suggest.js';
import { Closure, Cons, intern, isKeyword, NIL, Sym, T, type Value } from './values.js';

const DEFUN = intern('defun');
const DEFMACRO = intern('defmacro');

/** A compiled script: its body, definitions, and whether it is one direct tool call. */
export type Program = { body: Node; cx: CompileContext; direct: boolean };

function unknownMessage(cx: CompileContext): string {
  const known = [
    ...primitives.keys(),
    ...syntaxNames,
    ...cx.tools.keys(),
    ...[...cx.functions.keys()].map((s) => s.name),
  ];
  const names = [...cx.unknown.keys()].map((name) => {
    const hint = suggest(name, known);
    if (hint === undefined) return looksLikeTool(name) ? `${name} (not in the tool roster)` : name;
    return isNameSuggestion(hint, known)
      ? `${name} (did you mean ${hint}?)`
      : `${name} (try: ${hint})`;
  });
  return `unknown function${names.length > 1 ? 's' : ''}: ${names.join(', ')}; calls resolve only to special forms, pure primitives, the script's definitions and the tool roster`;
}

/** Throws the preflight error collecting every unknown name and problem, if any. */
export function raiseProblems(cx: CompileContext): void {
  const messages = [...cx.problems];
  if (cx.unknown.size > 0) messages.unshift(unknownMessage(cx));
  if (messages.length > 0) throw new StaticError('preflight', messages.join('; '));
}

function definitionName(form: Cons, cx: CompileContext): Sym | undefined {
  const name = form.cdr instanceof Cons ? form.cdr.car : undefined;
  const kind = (form.car as Sym).name;
  if (!(name instanceof Sym) || name === NIL || name === T || isKeyword(name)) {
    cx.problems.push(
      `${kind} needs a symbol name, got ${name === undefined ? 'nothing' : preview(name, 80)}`,
    );
    return undefined;
  }
  const clash = syntaxNames.has(name.name)
    ? 'a special form'
    : primitives.has(name.name)
      ? 'a pure primitive'
      : cx.tools.has(name.name)
        ? 'a tool'
        : cx.functions.has(name) || cx.macros.has(name)
          ? 'an earlier definition'
          : undefined;
  if (clash !== undefined) {
    cx.problems.push(`${kind} ${name.name} collides with ${clash}; nothing is ever shadowed`);
    return undefined;
  }
  return name;
}

/** Compiles a whole script: hoists top-level definitions, then compiles the body forms. */
export function compileProgram(
  forms: Value[],
  tools: ReadonlyMap<string, ToolInfo>,
  positions: WeakMap<object, number> | undefined,
  source: string | undefined,
  limits: Limits,
): Program {
  const cx: CompileContext = {
    functions: new Map(),
    macros: new Map(),
    tools,
    unknown: new Map(),
    problems: [],
    positions,
    source,
    directScript: false,
    directForm: undefined,
    nesting: { depth: 0, deferred: [] },
  };
  const definitions: Definition[] = [];
  const bodyForms: Value[] = [];
  for (const form of forms) {
    if (form instanceof Cons && (form.car === DEFUN || form.car === DEFMACRO))
      hoist(form, cx, definitions);
    else bodyForms.push(form);
  }
  if (bodyForms.length === 0)
    cx.problems.push('at least one non-definition body form must remain after the definitions');
  const only = bodyForms.length === 1 ? bodyForms[0] : undefined;
  cx.directScript =
    definitions.length === 0 &&
    only instanceof Cons &&
    only.car instanceof Sym &&
    tools.has(only.car.name);
  if (cx.directScript) cx.directForm = only;
  if (definitions.length > 0) compileDefinitions(definitions, cx);
  const nodes = bodyForms.map((form) => compile(form, null, cx));
  if (cx.nesting.deferred.length > 0) compileDeferred(cx);
  const single = nodes.length === 1 ? nodes[0] : undefined;
  if (single instanceof ToolCallNode) checkStandaloneArguments(single, tools, cx);
  if (cx.problems.length > 0 || cx.unknown.size > 0) raiseProblems(cx);
  // Only a macro call expands at run time.
  if (cx.macros.size > 0) cx.compileExpansion = expansionCompiler(cx, limits);
  const body = nodes.length === 1 ? (nodes[0] as Node) : new Seq(nodes);
  const direct =
    cx.directScript && body instanceof ToolCallNode && body.args.every(isDirectArgument);
  return { body, cx, direct };
}

/** A top-level `defun` or `defmacro`, hoisted. */
type Definition = { form: Cons; name: Sym; macro: boolean };

/** Declares a definition's name before any body is compiled. */
function hoist(form: Cons, cx: CompileContext, definitions: Definition[]): void {
  const name = definitionName(form, cx);
  const macro = form.car === DEFMACRO;
  if (name === undefined) return;
  if (macro) cx.macros.set(name, { name, template: undefined, closure: undefined });
  else cx.functions.set(name, { name, closure: undefined } satisfies FunctionCell);
  definitions.push({ form, name, macro });
}

/** Compiles every definition's lambda and fills its cell. */
function compileDefinitions(definitions: Definition[], cx: CompileContext): void {
  for (const { form, name, macro } of definitions) {
    const parts = items(form) ?? [];
    if (parts.length < 3) {
      cx.problems.push(`${(form.car as Sym).name} ${name.name} needs a parameter list`);
      continue;
    }
    const template = compileLambda(parts[2] as Value, parts.slice(3), null, cx, name.name, form);
    const closure = new Closure(name.name, { template, env: [] });
    if (macro) Object.assign(cx.macros.get(name) as MacroDefinition, { template, closure });
    else (cx.functions.get(name) as FunctionCell).closure = closure;
  }
}

/** A standalone-only tool as the whole script takes direct arguments only. */
function checkStandaloneArguments(
  single: ToolCallNode,
  tools: ReadonlyMap<string, ToolInfo>,
  cx: CompileContext,
): void {
  if (tools.get(single.tool)?.standaloneOnly && !single.args.every(isDirectArgument))
    cx.problems.push(
      `${single.tool} is standalone-only: its arguments may be literals, quoted data or pure primitive applications, not nested calls`,
    );
}

/** Compiles a runtime macro expansion against the script's definitions and budgets. */
function expansionCompiler(
  cx: CompileContext,
  limits: Limits,
): (form: Value, scope: Scope | null) => Node {
  let transformed = 0;
  // Returned from here, not written straight into a property: a function written straight
  // into a property is allocated in the old generation, where it would keep this
  // compilation alive until a full collection.
  return (form: Value, scope: Scope | null): Node => {
    transformed += validateExpansion(form, limits, transformed);
    const expansionCx: CompileContext = {
      ...cx,
      unknown: new Map(),
      problems: [],
      positions: undefined,
      directScript: false,
      directForm: undefined,
      nesting: { depth: 0, deferred: [] },
    };
    const node = compile(form, scope, expansionCx);
    compileDeferred(expansionCx);
    try {
      raiseProblems(expansionCx);
    } catch (error) {
      throw new StaticError('preflight', `in a macro expansion: ${(error as Error).message}`);
    }
    return node;
  };
}

/** Whether a direct call's argument is a literal, quoted data or a pure primitive application of such. */
function isDirectArgument(argument: Node): boolean {
  const stack = [argument];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node instanceof Deferred) stack.push(node.target);
    else if (node instanceof PrimitiveCall) stack.push(...node.args);
    else if (!(node instanceof Const)) return false;
  }
  return true;
}

/** Checks a macro expansion against the reader's contract (proper lists, no functions) and size budgets. */
function validateExpansion(form: Value, limits: Limits, used: number): number {
  let nodes = 0;
  const stack: Array<[Value, number]> = [[form, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [Value, number];
    nodes++;
    if (used + nodes > limits.transformedSize)
      exceed(
        'transformed-size',
        limits.transformedSize,
        'nodes: macro expansions produced more syntax',
      );
    if (depth > limits.depth)
      exceed('depth', limits.depth, 'levels of nesting: a macro expansion is nested deeper');
    if (value instanceof Closure)
      throw new StaticError(
        'preflight',
        'a macro expansion contains a function value; expansions must be readable syntax',
      );
    if (Array.isArray(value)) for (const item of value) stack.push([item, depth + 1]);
    else if (value instanceof Cons) {
      let tail: Value = value;
      while (tail instanceof Cons) {
        stack.push([tail.car, depth + 1]);
        tail = tail.cdr;
      }
      if (tail !== NIL)
        throw new StaticError(
          'preflight',
          'a macro expansion contains a dotted pair, which the reader never produces',
        );
    }
  }
  return nodes;
}
