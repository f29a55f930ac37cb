import { checkToolKeywords, literalRegexp, regexpArguments } from './compile-checks.js';
import type { CompileContext, Scope } from './compile-context.js';
import { describe, items, problem, variable } from './compile-support.js';
import { type Env, handOver, hostSpan, type Machine, markTail, Node } from './machine.js';
import { MacroCall } from './macro-call.js';
import { DefunCall, type Primitive, PrimitiveCall } from './nodes-call.js';
import { Const } from './nodes-core.js';
import { FixnumCall, hasFixnumPath } from './nodes-fixnum.js';
import { Funcall } from './nodes-funcall.js';
import { LookupCall, rememberedLookups } from './nodes-lookup.js';
import { ToolCallNode } from './nodes-tool.js';
import { primitives } from './primitives/index.js';
import { type Handler, handlers } from './special-forms.js';
import { Cons, intern, isKeyword, NIL, Sym, T, type Value } from './values.js';

const LAMBDA = intern('lambda');

/** Special forms that are also accepted as function values (`(mapcar #'funcall fns)`). */
export const callableSyntax = new Set(['funcall', 'apply']);

/** Names of the special forms and closed conveniences (never tool or definition names). */
export const syntaxNames = new Set([
  'quote',
  'function',
  'if',
  'progn',
  'cond',
  'and',
  'or',
  'let',
  'let*',
  'setq',
  'while',
  'lambda',
  'funcall',
  'apply',
  'mapcar',
  'parallel',
  'parallel-map',
  'when',
  'unless',
  'push',
  'dolist',
  'dotimes',
  'defun',
  'defmacro',
  '`',
  ',',
  ',@',
]);

/**
 * Form nesting the compiler handles in one host-stack descent. A form nested deeper is
 * compiled later, from the top of the stack (`compileDeferred`), and left in place as a
 * `Deferred` node; the machine then enters it with a step of its own. Since a `Deferred` node
 * is never simple, this also bounds how deep the direct evaluation of simple nodes (`ev`)
 * recurses. Scripts within the default depth budget (100) never reach it.
 */
export const compileSpan = 200;

/** A form compiled after its parent (see `compileSpan`): the machine enters its node. */
export class Deferred extends Node {
  target: Node = new Const(NIL);
  constructor(
    readonly form: Value,
    readonly scope: Scope | null,
  ) {
    super();
    this.simple = false;
  }
  ev(env: Env, m: Machine): Value {
    // The target is nested up to a whole span deeper on the host stack.
    const host = m.hostDepth + compileSpan;
    if (host > hostSpan) return handOver(this.target, env, m);
    m.hostDepth = host;
    const value = this.target.ev(env, m);
    m.hostDepth = host - compileSpan;
    return value;
  }
  override markTail(pending: Node[]): void {
    this.tail = true;
    pending.push(this.target);
  }
}

/** `node`, behind a node that is never simple: the machine enters it with a step of its own. */
export function entered(node: Node): Node {
  const step = new Deferred(NIL, null);
  // Only `cond` wraps a compiled node so, and cond makes no environment.
  step.target = node;
  return step;
}

/** The host-stack nesting a call compiled now counts (see `hostSpan`): its form's, and the call's own frames. */
export function callCost(cx: CompileContext): number {
  return cx.nesting.depth + 2;
}

/** Compiles one form in `scope` to a node, collecting preflight problems in `cx`. */
export function compile(form: Value, scope: Scope | null, cx: CompileContext): Node {
  if (!(form instanceof Cons)) return compileForm(form, scope, cx);
  if (cx.nesting.depth >= compileSpan) {
    const deferred = new Deferred(form, scope);
    cx.nesting.deferred.push(deferred);
    return deferred;
  }
  cx.nesting.depth++;
  try {
    return compileForm(form, scope, cx);
  } finally {
    cx.nesting.depth--;
  }
}

/**
 * Compiles every form deferred so far (and those they defer in turn), each from this shallow
 * stack: the host stack never holds more than `compileSpan` nested forms.
 */
export function compileDeferred(cx: CompileContext): void {
  const pending = cx.nesting.deferred;
  while (pending.length > 0) {
    const deferred = pending.pop() as Deferred;
    deferred.target = compile(deferred.form, deferred.scope, cx);
    if (deferred.tail) markTail(deferred.target);
  }
}

function compileForm(form: Value, scope: Scope | null, cx: CompileContext): Node {
  if (form instanceof Sym) {
    if (form === NIL || form === T || isKeyword(form)) return new Const(form);
    return variable(form, scope);
  }
  if (!(form instanceof Cons)) return new Const(form);
  const head = form.car;
  const args = items(form.cdr);
  if (args === undefined)
    return problem(cx, `a form must be a proper list, got ${describe(form)}`, form);
  if (head instanceof Sym) {
    const name = head.name;
    if (syntaxNames.has(name)) return (handlers[name] as Handler)(args, scope, cx, form);
    const primitive = primitives.get(name);
    if (primitive !== undefined) return compilePrimitiveCall(primitive, args, scope, cx);
    return compileNamedCall(head, args, scope, cx, form);
  }
  if (head instanceof Cons && head.car === LAMBDA) {
    const call = new Funcall(false, [
      compile(head, scope, cx),
      ...args.map((a) => compile(a, scope, cx)),
    ]);
    call.cost = callCost(cx);
    return call;
  }
  return problem(cx, `invalid function ${describe(head)} in call position`, form);
}

function compilePrimitiveCall(
  primitive: Primitive,
  args: Value[],
  scope: Scope | null,
  cx: CompileContext,
): Node {
  const name = primitive.name;
  const regexps = regexpArguments[name];
  if (regexps !== undefined)
    for (const [index, what] of regexps)
      if (args[index] !== undefined) literalRegexp(args[index] as Value, cx, what);
  const compiled = args.map((a) => compile(a, scope, cx));
  if (hasFixnumPath(name, compiled.length)) return new FixnumCall(primitive, compiled);
  if (compiled.length === 2 && rememberedLookups.has(name))
    return new LookupCall(primitive, compiled);
  return new PrimitiveCall(primitive, compiled);
}

/** A call of a definition, macro or tool (a definition never shares a primitive's name). */
function compileNamedCall(
  head: Sym,
  args: Value[],
  scope: Scope | null,
  cx: CompileContext,
  form: Cons,
): Node {
  const name = head.name;
  const cell = cx.functions.get(head);
  if (cell !== undefined) {
    const call = new DefunCall(
      cell,
      args.map((a) => compile(a, scope, cx)),
    );
    call.cost = callCost(cx);
    return call;
  }
  if (cx.macros.has(head)) return new MacroCall(head, args, scope, cx);
  const tool = cx.tools.get(name);
  if (tool !== undefined) {
    // Only the script's one whole-expression call may be standalone-only: never a call
    // nested in its arguments, in a binding, a lambda or any other surrounding form.
    if (tool.standaloneOnly && form !== cx.directForm)
      problem(
        cx,
        `${name} is standalone-only: it must be the entire expression, without nested calls in its arguments or surrounding forms`,
        form,
      );
    checkToolKeywords(name, tool, args, cx, form);
    return new ToolCallNode(
      name,
      args.map((a) => compile(a, scope, cx)),
    );
  }
  // The arguments of an unknown operator are not compiled: whether they are code at all
  // depends on what the operator would have been (`(cl-dolist (x xs) …)` binds x).
  if (!cx.unknown.has(name)) cx.unknown.set(name, cx.positions?.get(form));
  return new Const(NIL);
}
