import { backquote } from './backquote.js';
import { callCost, compile, compileSpan, entered } from './compile.js';
import { checkCallableName, checkLiteralCallable, directToolCall } from './compile-checks.js';
import { type CompileContext, resolve, type Scope } from './compile-context.js';
import {
  arity,
  bindings,
  body,
  describe,
  isVariableName,
  items,
  iteration,
  problem,
  setter,
  variable,
} from './compile-support.js';
import { compileLambda, lambdaList } from './lambda-list.js';
import type { Node } from './machine.js';
import { Lambda, Let, LetStar } from './nodes-bind.js';
import { PrimitiveCall } from './nodes-call.js';
import { AndOr, Const, If, Seq } from './nodes-core.js';
import { Funcall } from './nodes-funcall.js';
import { While } from './nodes-loop.js';
import { Mapcar } from './nodes-mapcar.js';
import { ParallelMapNode, ParallelNode } from './nodes-tool.js';
import { primitives } from './primitives/index.js';
import { Cons, intern, NIL, Sym, type Value } from './values.js';

const LAMBDA = intern('lambda');
const FUNCTION = intern('function');

/** Compiles one special form or convenience from its argument forms. */
export type Handler = (args: Value[], scope: Scope | null, cx: CompileContext, form: Cons) => Node;

/** The compilers of the special forms and closed conveniences, by name. */
export const handlers: Record<string, Handler> = {
  quote: (args, _s, cx, form) =>
    arity('quote', args, 1, 1, cx, form) ? new Const(args[0] as Value) : new Const(NIL),
  function: (args, scope, cx, form) => {
    if (!arity('function', args, 1, 1, cx, form)) return new Const(NIL);
    const target = args[0] as Value;
    if (target instanceof Cons && target.car === LAMBDA) return compile(target, scope, cx);
    if (target instanceof Sym) checkCallableName(target, cx, form);
    return new Const(target);
  },
  if: (args, scope, cx, form) => {
    if (!arity('if', args, 2, Infinity, cx, form)) return new Const(NIL);
    return new If(
      compile(args[0] as Value, scope, cx),
      compile(args[1] as Value, scope, cx),
      args.length > 2 ? body(args.slice(2), scope, cx) : new Const(NIL),
    );
  },
  progn: (args, scope, cx) => (args.length === 0 ? new Const(NIL) : body(args, scope, cx)),
  cond: (args, scope, cx, form) => {
    let result: Node = new Const(NIL);
    for (let i = args.length - 1; i >= 0; i--) {
      // Clauses nest as `if`s: every so many, one the machine enters with a step of its own,
      // so evaluating a long `cond` never recurses on the host stack clause by clause.
      if ((args.length - i) % compileSpan === 0) result = entered(result);
      const clause = items(args[i] as Value);
      if (clause === undefined || clause.length === 0)
        return problem(cx, `invalid cond clause ${describe(args[i] as Value)}`, form);
      const test = compile(clause[0] as Value, scope, cx);
      result =
        clause.length === 1
          ? new AndOr(true, [test, result])
          : new If(test, body(clause.slice(1), scope, cx), result);
    }
    return result;
  },
  and: (args, scope, cx) =>
    new AndOr(
      false,
      args.map((a) => compile(a, scope, cx)),
    ),
  or: (args, scope, cx) =>
    new AndOr(
      true,
      args.map((a) => compile(a, scope, cx)),
    ),
  let: (args, scope, cx, form) => {
    if (!arity('let', args, 1, Infinity, cx, form)) return new Const(NIL);
    const list = bindings(args[0] as Value, cx, form);
    const inits = list.map(([, init]) => compile(init, scope, cx));
    const inner: Scope = { names: list.map(([n]) => n), visible: list.length, parent: scope };
    return new Let(inits, body(args.length > 1 ? args.slice(1) : [NIL], inner, cx));
  },
  'let*': (args, scope, cx, form) => {
    if (!arity('let*', args, 1, Infinity, cx, form)) return new Const(NIL);
    const list = bindings(args[0] as Value, cx, form);
    const names = list.map(([n]) => n);
    // A scope per initializer, never one changed in place: a form compiled later (a
    // deferred form, a macro call expanding at run time) keeps the scope it was given.
    const inits = list.map(([, init], i) =>
      compile(init, { names, visible: i, parent: scope }, cx),
    );
    const inner: Scope = { names, visible: list.length, parent: scope };
    return new LetStar(inits, body(args.length > 1 ? args.slice(1) : [NIL], inner, cx));
  },
  setq: (args, scope, cx, form) => {
    if (args.length % 2 !== 0) return problem(cx, 'setq takes VARIABLE VALUE pairs', form);
    const sets: Node[] = [];
    for (let i = 0; i < args.length; i += 2)
      sets.push(
        setter(args[i] as Value, compile(args[i + 1] as Value, scope, cx), scope, cx, form, 'setq'),
      );
    return sets.length === 1
      ? (sets[0] as Node)
      : new Seq(sets.length === 0 ? [new Const(NIL)] : sets);
  },
  while: (args, scope, cx, form) => {
    if (!arity('while', args, 1, Infinity, cx, form)) return new Const(NIL);
    return new While(
      compile(args[0] as Value, scope, cx),
      args.length > 1 ? body(args.slice(1), scope, cx) : new Const(NIL),
    );
  },
  lambda: (args, scope, cx, form) => {
    if (!arity('lambda', args, 1, Infinity, cx, form)) return new Const(NIL);
    return new Lambda(compileLambda(args[0] as Value, args.slice(1), scope, cx, undefined, form));
  },
  funcall: (args, scope, cx, form) => {
    if (!arity('funcall', args, 1, Infinity, cx, form)) return new Const(NIL);
    checkLiteralCallable(args[0] as Value, cx);
    const call = new Funcall(
      false,
      args.map((a) => compile(a, scope, cx)),
    );
    call.cost = callCost(cx);
    return call;
  },
  apply: (args, scope, cx, form) => {
    if (!arity('apply', args, 1, Infinity, cx, form)) return new Const(NIL);
    checkLiteralCallable(args[0] as Value, cx);
    const call = new Funcall(
      true,
      args.map((a) => compile(a, scope, cx)),
    );
    call.cost = callCost(cx);
    return call;
  },
  mapcar: (args, scope, cx, form) => {
    if (!arity('mapcar', args, 2, 2, cx, form)) return new Const(NIL);
    checkLiteralCallable(args[0] as Value, cx);
    const call = new Mapcar(args.map((a) => compile(a, scope, cx)));
    call.cost = callCost(cx);
    return call;
  },
  parallel: (args, scope, cx) => {
    const entries = args.map((entry) => directToolCall(entry, scope, cx, 'every parallel entry'));
    return new ParallelNode(entries.filter((e) => e !== undefined));
  },
  'parallel-map': (args, scope, cx, form) => {
    if (!arity('parallel-map', args, 2, 2, cx, form)) return new Const(NIL);
    let literal = args[0] as Value;
    // #'(lambda …) is the same lambda.
    if (literal instanceof Cons && literal.car === FUNCTION && literal.cdr instanceof Cons)
      literal = literal.cdr.car;
    const fn = items(literal);
    const shape =
      'parallel-map takes (lambda (ITEM) (Tool …)) with one parameter and exactly one direct tool call';
    if (fn === undefined || fn[0] !== LAMBDA || fn.length < 2) return problem(cx, shape, form);
    // The parameter list is validated as every lambda's is (markers, names, duplicates).
    const before = cx.problems.length;
    const params = lambdaList(fn[1] as Value, cx, form);
    if (cx.problems.length > before) return new Const(NIL);
    if (params.required !== 1 || params.optional !== 0 || params.rest)
      return problem(
        cx,
        `parallel-map: the lambda must have one parameter, got ${describe(fn[1] as Value)}`,
        form,
      );
    if (fn.length !== 3) return problem(cx, shape, form);
    const inner: Scope = { names: [params.names[0] as Sym], visible: 1, parent: scope };
    const call = directToolCall(fn[2] as Value, inner, cx, 'the parallel-map lambda body');
    if (call === undefined) return new Const(NIL);
    return new ParallelMapNode(call.tool, call.args, compile(args[1] as Value, scope, cx));
  },
  when: (args, scope, cx, form) => {
    if (!arity('when', args, 1, Infinity, cx, form)) return new Const(NIL);
    return new If(
      compile(args[0] as Value, scope, cx),
      args.length > 1 ? body(args.slice(1), scope, cx) : new Const(NIL),
      new Const(NIL),
    );
  },
  unless: (args, scope, cx, form) => {
    if (!arity('unless', args, 1, Infinity, cx, form)) return new Const(NIL);
    return new If(
      compile(args[0] as Value, scope, cx),
      new Const(NIL),
      args.length > 1 ? body(args.slice(1), scope, cx) : new Const(NIL),
    );
  },
  push: (args, scope, cx, form) => {
    if (!arity('push', args, 2, 2, cx, form)) return new Const(NIL);
    const place = args[1] as Value;
    if (!isVariableName(place) || resolve(scope, place) === undefined)
      return problem(
        cx,
        `push accepts only a plain bound variable as its place, got ${describe(place)}`,
        form,
      );
    const cons = primitives.get('cons') as NonNullable<ReturnType<typeof primitives.get>>;
    return setter(
      place,
      new PrimitiveCall(cons, [compile(args[0] as Value, scope, cx), variable(place, scope)]),
      scope,
      cx,
      form,
      'push',
    );
  },
  dolist: (args, scope, cx, form) => iteration(false, args, scope, cx, form),
  dotimes: (args, scope, cx, form) => iteration(true, args, scope, cx, form),
  '`': (args, scope, cx, form) => {
    if (!arity('backquote', args, 1, 1, cx, form)) return new Const(NIL);
    const expanded = backquote(args[0] as Value);
    if ('error' in expanded) return problem(cx, expanded.error, form);
    return compile(expanded.form, scope, cx);
  },
  ',': (_args, _s, cx, form) =>
    problem(
      cx,
      'comma (unquote) outside a backquote; JSON commas are not part of the dialect: separate elements with spaces',
      form,
    ),
  ',@': (_args, _s, cx, form) => problem(cx, ',@ (splice) outside a backquote', form),
  defun: (_a, _s, cx, form) => problem(cx, 'defun is allowed only at the script top level', form),
  defmacro: (_a, _s, cx, form) =>
    problem(cx, 'defmacro is allowed only at the script top level', form),
};
