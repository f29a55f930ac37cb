import { backquote } from './backquote.js';
import { type CompileContext, resolve, type Scope } from './compile-context.js';
import { type Env, type Frame, type Machine, Node } from './machine.js';
import { Iterate, Lambda, type LambdaTemplate, Let, LetStar, While } from './nodes-bind.js';
import { DefunCall, Funcall, invoke, Mapcar, PrimitiveCall } from './nodes-call.js';
import { AndOr, Const, If, Ref0, RefN, Seq, SetVar, UnboundRef } from './nodes-core.js';
import { ParallelMapNode, ParallelNode, ToolCallNode } from './nodes-tool.js';
import { primitives } from './primitives/index.js';
import { preview } from './printer.js';
import { compileRegexp } from './regexp-shim.js';
import { Cons, intern, isKeyword, NIL, Sym, T, type Value } from './values.js';

type Handler = (args: Value[], scope: Scope | null, cx: CompileContext, form: Cons) => Node;

const sym = (name: string): Sym => intern(name);
const LAMBDA = sym('lambda');
const QUOTE = sym('quote');
const FUNCTION = sym('function');

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

function describe(value: Value): string {
  return preview(value, 120);
}

function where(cx: CompileContext, form: Value): string {
  if (cx.positions === undefined || cx.source === undefined || typeof form !== 'object') return '';
  const offset = cx.positions.get(form as object);
  if (offset === undefined) return '';
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i++) {
    if (cx.source[i] === '\n') {
      line++;
      column = 1;
    } else column++;
  }
  return ` at ${line}:${column}`;
}

/** Records a preflight problem and returns a placeholder node. */
function problem(cx: CompileContext, message: string, form?: Value): Node {
  cx.problems.push(`${message}${form === undefined ? '' : where(cx, form)}`);
  return new Const(NIL);
}

/** Collects a proper list's items, or undefined for a dotted list. */
export function items(value: Value): Value[] | undefined {
  const out: Value[] = [];
  let tail = value;
  while (tail instanceof Cons) {
    out.push(tail.car);
    tail = tail.cdr;
  }
  return tail === NIL ? out : undefined;
}

function body(forms: Value[], scope: Scope | null, cx: CompileContext): Node {
  if (forms.length === 1) return compile(forms[0] as Value, scope, cx);
  return new Seq(forms.map((f) => compile(f, scope, cx)));
}

function isVariableName(value: Value): value is Sym {
  return value instanceof Sym && value !== NIL && value !== T && !isKeyword(value);
}

/** Parses a lambda list: plain names, `&optional`, one trailing `&rest NAME`. */
export function lambdaList(
  params: Value,
  cx: CompileContext,
  form: Value,
): { names: Sym[]; required: number; optional: number; rest: boolean } {
  const list = items(params);
  const result = { names: [] as Sym[], required: 0, optional: 0, rest: false };
  if (list === undefined || (params !== NIL && !(params instanceof Cons))) {
    problem(cx, `a parameter list must be a list of names, got ${describe(params)}`, form);
    return result;
  }
  let mode: 'required' | 'optional' | 'rest' = 'required';
  for (let i = 0; i < list.length; i++) {
    const p = list[i] as Value;
    if (p instanceof Sym && p.name === '&optional' && mode === 'required') {
      mode = 'optional';
      continue;
    }
    if (p instanceof Sym && p.name === '&rest') {
      if (i !== list.length - 2)
        problem(cx, '&rest must be followed by exactly one trailing name', form);
      mode = 'rest';
      continue;
    }
    if (p instanceof Sym && p.name.startsWith('&')) {
      problem(cx, `${p.name} is not supported in parameter lists (only &optional and &rest)`, form);
      continue;
    }
    if (!isVariableName(p)) {
      problem(cx, `invalid parameter ${describe(p)}`, form);
      continue;
    }
    if (result.names.includes(p)) problem(cx, `duplicate parameter ${p.name}`, form);
    result.names.push(p);
    if (mode === 'required') result.required++;
    else if (mode === 'optional') result.optional++;
    else result.rest = true;
  }
  return result;
}

/** Compiles `(lambda PARAMS BODY…)`'s parts into a template. */
export function compileLambda(
  params: Value,
  forms: Value[],
  scope: Scope | null,
  cx: CompileContext,
  name: string | undefined,
  form: Value,
): LambdaTemplate {
  const list = lambdaList(params, cx, form);
  const inner: Scope = { names: list.names, visible: list.names.length, parent: scope };
  return {
    name,
    required: list.required,
    optional: list.optional,
    rest: list.rest,
    body: body(forms.length === 0 ? [NIL] : forms, inner, cx),
  };
}

function checkCallableName(name: Sym, cx: CompileContext, form: Value): void {
  const tool = cx.tools.get(name.name);
  if (tool?.standaloneOnly)
    problem(
      cx,
      `${name.name} is standalone-only: it must be the entire expression, not referenced indirectly`,
      form,
    );
  else if (cx.macros.has(name))
    problem(cx, `${name.name} is a macro; a macro name is not a value`, form);
  else if (
    !cx.functions.has(name) &&
    !primitives.has(name.name) &&
    tool === undefined &&
    !callableSyntax.has(name.name)
  ) {
    if (!cx.unknown.has(name.name)) cx.unknown.set(name.name, cx.positions?.get(form as object));
  }
}

/** Checks a literal callable argument (`'name`, `#'name`) of funcall, apply, mapcar. */
function checkLiteralCallable(arg: Value, cx: CompileContext): void {
  if (
    arg instanceof Cons &&
    (arg.car === QUOTE || arg.car === FUNCTION) &&
    arg.cdr instanceof Cons &&
    arg.cdr.car instanceof Sym &&
    arg.cdr.car !== NIL
  )
    checkCallableName(arg.cdr.car, cx, arg);
}

function literalRegexp(form: Value, cx: CompileContext, what: string): void {
  if (typeof form !== 'string') return;
  if (what === 'separator' && form === '') {
    problem(cx, 'split-string: an empty separator is not allowed in the dialect');
    return;
  }
  const result = compileRegexp(form);
  if (!result.success)
    problem(cx, `invalid regexp ${describe(form)} (${what}): ${result.error.message}`);
}

const regexpArguments: Record<string, Array<[number, string]>> = {
  'string-match-p': [[0, 'regexp']],
  'split-string': [
    [1, 'separator'],
    [3, 'trim'],
  ],
  'string-trim': [
    [1, 'trim-left'],
    [2, 'trim-right'],
  ],
};

function directToolCall(
  form: Value,
  scope: Scope | null,
  cx: CompileContext,
  context: string,
): { tool: string; args: Node[] } | undefined {
  if (!(form instanceof Cons) || !(form.car instanceof Sym) || !cx.tools.has(form.car.name)) {
    problem(cx, `${context} must be one direct tool call, got ${describe(form)}`, form);
    return undefined;
  }
  const name = form.car.name;
  if (cx.tools.get(name)?.standaloneOnly)
    problem(cx, `${name} is standalone-only: it must be the entire expression`, form);
  const args = (items(form.cdr) ?? []).map((a) => compile(a, scope, cx));
  if (!args.every((a) => a.simple))
    problem(
      cx,
      `${context}: arguments of ${name} may use pure primitives only, not nested tool calls or function calls`,
      form,
    );
  return { tool: name, args };
}

class MacroCall extends Node {
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

function bindings(spec: Value, cx: CompileContext, form: Value): Array<[Sym, Value]> {
  const list = items(spec);
  if (list === undefined) {
    problem(cx, `let bindings must be a list, got ${describe(spec)}`, form);
    return [];
  }
  const out: Array<[Sym, Value]> = [];
  for (const b of list) {
    if (isVariableName(b)) out.push([b, NIL]);
    else if (
      b instanceof Cons &&
      isVariableName(b.car) &&
      (b.cdr === NIL || (b.cdr instanceof Cons && b.cdr.cdr === NIL))
    )
      out.push([b.car, b.cdr instanceof Cons ? b.cdr.car : NIL]);
    else problem(cx, `invalid let binding ${describe(b)}`, form);
  }
  return out;
}

function variable(name: Sym, scope: Scope | null): Node {
  const found = resolve(scope, name);
  if (found === undefined) return new UnboundRef(name);
  return found[0] === 0 ? new Ref0(found[1]) : new RefN(found[0], found[1]);
}

function setter(
  name: Value,
  value: Node,
  scope: Scope | null,
  cx: CompileContext,
  form: Value,
  what: string,
): Node {
  if (!isVariableName(name))
    return problem(cx, `${what}: ${describe(name)} is not a variable`, form);
  const found = resolve(scope, name);
  if (found === undefined)
    return new UnboundRef(
      name === undefined ? NIL : name,
      `${what} changes an existing lexical binding only; ${name.name} is not bound (it does not create globals)`,
    );
  return new SetVar(found[0], found[1], value);
}

function iteration(
  times: boolean,
  args: Value[],
  scope: Scope | null,
  cx: CompileContext,
  form: Cons,
): Node {
  const name = times ? 'dotimes' : 'dolist';
  const spec = items(args[0] ?? NIL);
  if (spec === undefined || spec.length !== 2 || !isVariableName(spec[0] as Value))
    return problem(
      cx,
      `${name} takes exactly (VARIABLE ${times ? 'COUNT' : 'LIST'}); there is no result form`,
      form,
    );
  const inner: Scope = { names: [spec[0] as Sym], visible: 1, parent: scope };
  return new Iterate(
    times,
    compile(spec[1] as Value, scope, cx),
    body(args.length > 1 ? args.slice(1) : [NIL], inner, cx),
  );
}

function arity(
  name: string,
  args: Value[],
  min: number,
  max: number,
  cx: CompileContext,
  form: Value,
): boolean {
  if (args.length >= min && args.length <= max) return true;
  problem(
    cx,
    `${name} takes ${min === max ? min : `${min} to ${max === Infinity ? 'any number of' : max}`} arguments, got ${args.length}`,
    form,
  );
  return false;
}

const handlers: Record<string, Handler> = {
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
    const inner: Scope = { names: list.map(([n]) => n), visible: 0, parent: scope };
    const inits = list.map(([, init], i) => {
      inner.visible = i;
      return compile(init, inner, cx);
    });
    inner.visible = list.length;
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
    return new Funcall(
      false,
      args.map((a) => compile(a, scope, cx)),
    );
  },
  apply: (args, scope, cx, form) => {
    if (!arity('apply', args, 1, Infinity, cx, form)) return new Const(NIL);
    checkLiteralCallable(args[0] as Value, cx);
    return new Funcall(
      true,
      args.map((a) => compile(a, scope, cx)),
    );
  },
  mapcar: (args, scope, cx, form) => {
    if (!arity('mapcar', args, 2, 2, cx, form)) return new Const(NIL);
    checkLiteralCallable(args[0] as Value, cx);
    return new Mapcar(args.map((a) => compile(a, scope, cx)));
  },
  parallel: (args, scope, cx) => {
    const entries = args.map((entry) => directToolCall(entry, scope, cx, 'every parallel entry'));
    return new ParallelNode(entries.filter((e) => e !== undefined));
  },
  'parallel-map': (args, scope, cx, form) => {
    if (!arity('parallel-map', args, 2, 2, cx, form)) return new Const(NIL);
    const fn = items(args[0] as Value);
    const params = fn === undefined ? undefined : items(fn[1] ?? NIL);
    if (
      fn === undefined ||
      fn[0] !== LAMBDA ||
      params === undefined ||
      params.length !== 1 ||
      !isVariableName(params[0] as Value) ||
      fn.length !== 3
    )
      return problem(
        cx,
        'parallel-map takes (lambda (ITEM) (Tool …)) with one parameter and exactly one direct tool call',
        form,
      );
    const inner: Scope = { names: [params[0] as Sym], visible: 1, parent: scope };
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

/** Compiles one form in `scope` to a node, collecting preflight problems in `cx`. */
export function compile(form: Value, scope: Scope | null, cx: CompileContext): Node {
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
    const cell = cx.functions.get(head);
    if (cell !== undefined)
      return new DefunCall(
        cell,
        args.map((a) => compile(a, scope, cx)),
      );
    if (cx.macros.has(head)) return new MacroCall(head, args, scope, cx);
    const primitive = primitives.get(name);
    if (primitive !== undefined) {
      for (const [index, what] of regexpArguments[name] ?? [])
        if (args[index] !== undefined) literalRegexp(args[index] as Value, cx, what);
      return new PrimitiveCall(
        primitive,
        args.map((a) => compile(a, scope, cx)),
      );
    }
    const tool = cx.tools.get(name);
    if (tool !== undefined) {
      if (tool.standaloneOnly && !cx.directScript)
        problem(
          cx,
          `${name} is standalone-only: it must be the entire expression, without nested calls in its arguments or surrounding forms`,
          form,
        );
      return new ToolCallNode(
        name,
        args.map((a) => compile(a, scope, cx)),
      );
    }
    if (!cx.unknown.has(name)) cx.unknown.set(name, cx.positions?.get(form));
    for (const a of args) compile(a, scope, cx);
    return new Const(NIL);
  }
  if (head instanceof Cons && head.car === LAMBDA)
    return new Funcall(false, [
      compile(head, scope, cx),
      ...args.map((a) => compile(a, scope, cx)),
    ]);
  return problem(cx, `invalid function ${describe(head)} in call position`, form);
}
