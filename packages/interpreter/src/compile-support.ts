import { compile } from './compile.js';
import { type CompileContext, resolve, type Scope } from './compile-context.js';
import type { Node } from './machine.js';
import { Const, Ref0, RefN, Seq, SetVar, UnboundRef } from './nodes-core.js';
import { Iterate } from './nodes-loop.js';
import { preview } from './printer.js';
import { Cons, isKeyword, NIL, Sym, T, type Value } from './values.js';

/** A short printed preview of a form for messages. */
export function describe(value: Value): string {
  return preview(value, 120);
}

/** The ` at LINE:COLUMN` suffix of a form read from source, if known. */
export function where(cx: CompileContext, form: Value): string {
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
export function problem(cx: CompileContext, message: string, form?: Value): Node {
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

/** Compiles a body (implicit progn). */
export function body(forms: Value[], scope: Scope | null, cx: CompileContext): Node {
  if (forms.length === 1) return compile(forms[0] as Value, scope, cx);
  return new Seq(forms.map((f) => compile(f, scope, cx)));
}

/** Whether `value` can name a variable (a symbol other than nil, t and keywords). */
export function isVariableName(value: Value): value is Sym {
  return value instanceof Sym && value !== NIL && value !== T && !isKeyword(value);
}

/** Parses `let` bindings: NAME, (NAME) or (NAME INIT). */
export function bindings(spec: Value, cx: CompileContext, form: Value): Array<[Sym, Value]> {
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

/** Compiles a variable reference against the lexical scope. */
export function variable(name: Sym, scope: Scope | null): Node {
  const found = resolve(scope, name);
  if (found === undefined) return new UnboundRef(name);
  return found[0] === 0 ? new Ref0(found[1]) : new RefN(found[0], found[1]);
}

/** Compiles an assignment to a bound lexical variable (setq, push). */
export function setter(
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

/** Compiles `dolist` or `dotimes` with their two-element specification. */
export function iteration(
  times: boolean,
  args: Value[],
  scope: Scope | null,
  cx: CompileContext,
  form: Cons,
): Node {
  const name = times ? 'dotimes' : 'dolist';
  const spec = items(args[0] ?? NIL);
  if (spec !== undefined && spec.length === 2 && !isVariableName(spec[0] as Value))
    return problem(
      cx,
      `${name}: the loop variable ${describe(spec[0] as Value)} is not a variable name (a symbol other than nil, t and keywords)`,
      form,
    );
  if (spec === undefined || spec.length !== 2)
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

/** Checks a special form's argument count, recording a problem when wrong. */
export function arity(
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
