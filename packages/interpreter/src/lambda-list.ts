import type { CompileContext, Scope } from './compile-context.js';
import { body, describe, isVariableName, items, problem } from './compile-support.js';
import { markTail } from './machine.js';
import type { LambdaTemplate } from './nodes-bind.js';
import { Cons, NIL, Sym, type Value } from './values.js';

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
  const compiled = body(forms.length === 0 ? [NIL] : forms, inner, cx);
  markTail(compiled);
  return {
    name,
    required: list.required,
    optional: list.optional,
    rest: list.rest,
    body: compiled,
  };
}
