import { callableSyntax, compile, compileSpan } from './compile.js';
import type { CompileContext, Scope, ToolInfo } from './compile-context.js';
import { describe, items, problem } from './compile-support.js';
import type { Node } from './machine.js';
import { primitives } from './primitives/index.js';
import { canMatchEmpty, compileRegexp } from './primitives/regexps.js';
import { suggest } from './suggest.js';
import { Cons, intern, isKeyword, NIL, Sym, type Value } from './values.js';

const QUOTE = intern('quote');
const FUNCTION = intern('function');

/** Checks a name used as a function value: known, not a macro, not a standalone-only tool. */
export function checkCallableName(name: Sym, cx: CompileContext, form: Value): void {
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
export function checkLiteralCallable(arg: Value, cx: CompileContext): void {
  if (
    arg instanceof Cons &&
    (arg.car === QUOTE || arg.car === FUNCTION) &&
    arg.cdr instanceof Cons &&
    arg.cdr.car instanceof Sym &&
    arg.cdr.car !== NIL
  )
    checkCallableName(arg.cdr.car, cx, arg);
}

/** Preflights a literal regexp argument (and split-string's empty separator). */
export function literalRegexp(form: Value, cx: CompileContext, what: string): void {
  if (typeof form !== 'string') return;
  if (what === 'separator' && form === '') {
    problem(cx, 'split-string: an empty separator is not allowed in the dialect');
    return;
  }
  const result = compileRegexp(form);
  if (!result.success)
    problem(cx, `invalid regexp ${describe(form)} (${what}): ${result.error.message}`);
  else if (what === 'separator' && canMatchEmpty(result.value))
    problem(
      cx,
      `split-string: the separator ${describe(form)} can match the empty string, which is not allowed in the dialect`,
    );
}

/** Which argument positions of which primitives are regexps. */
export const regexpArguments: Record<string, Array<[number, string]>> = {
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

/** Compiles one `parallel` entry, which must be a direct tool call with pure arguments. */
export function directToolCall(
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
  const tool = cx.tools.get(name) as ToolInfo;
  if (tool.standaloneOnly)
    problem(cx, `${name} is standalone-only: it must be the entire expression`, form);
  const forms = items(form.cdr) ?? [];
  checkToolKeywords(name, tool, forms, cx, form);
  const deferred = cx.nesting.deferred.length;
  const args = forms.map((a) => compile(a, scope, cx));
  if (!args.every((a) => a.simple))
    problem(
      cx,
      cx.nesting.deferred.length > deferred
        ? `${context}: arguments of ${name} may use pure primitives only, nested at most ${compileSpan} forms deep in the script (the compiler's one-pass nesting)`
        : `${context}: arguments of ${name} may use pure primitives only, not nested tool calls or function calls`,
      form,
    );
  return { tool: name, args };
}

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, '');
}

/**
 * Checks the literal keywords of a tool call against the argument names its schema declares
 * (when it declares a closed set), as the argument projection will: exact, or the one name
 * equal but for case, `-` and `_`.
 */
export function checkToolKeywords(
  name: string,
  tool: ToolInfo,
  args: Value[],
  cx: CompileContext,
  form: Value,
): void {
  const properties = tool.properties;
  if (properties === undefined) return;
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i] as Value;
    if (!isKeyword(key)) return;
    const keyword = (key as Sym).name.slice(1);
    if (properties.includes(keyword)) continue;
    const normalized = normalizeKey(keyword);
    if (properties.filter((p) => normalizeKey(p) === normalized).length === 1) continue;
    const hint = suggest(keyword, properties, { kind: 'keyword' });
    const accepted =
      properties.length === 0
        ? 'it takes no arguments'
        : `accepted: ${properties
            .map((p) => (tool.required.includes(p) ? `:${p} (required)` : `:${p}`))
            .join(' ')}`;
    problem(
      cx,
      `${name} has no argument :${keyword}${hint === undefined ? '' : ` (did you mean :${hint}?)`}; ${accepted}`,
      form,
    );
  }
}
