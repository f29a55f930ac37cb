import { Cons, intern, isKeyword, list, NIL, Sym, type Value } from './values.js';

const QUOTE = intern('quote');
const LIST = intern('list');
const APPEND = intern('append');
const BACKQUOTE = intern('`');
const COMMA = intern(',');
const COMMA_AT = intern(',@');

function isForm(value: Value, head: Sym): value is Cons {
  return (
    value instanceof Cons &&
    value.car === head &&
    value.cdr instanceof Cons &&
    value.cdr.cdr === NIL
  );
}

function hasUnquote(value: Value): boolean {
  const stack: Value[] = [value];
  while (stack.length > 0) {
    const v = stack.pop() as Value;
    if (v instanceof Cons) {
      if (v.car === COMMA || v.car === COMMA_AT) return true;
      stack.push(v.car, v.cdr);
    } else if (Array.isArray(v)) stack.push(...v);
  }
  return false;
}

/**
 * Expands a one-level backquote template into `quote`/`list`/`append` calls,
 * or returns the message refusing it (nested backquote, dotted unquote, splice at top).
 */
export function backquote(template: Value): { form: Value } | { error: string } {
  const result = expandTemplate(template);
  return result instanceof Refusal ? { error: result.message } : { form: result };
}

class Refusal {
  constructor(readonly message: string) {}
}

function expandTemplate(template: Value): Value | Refusal {
  const stack: Array<{ items: Value[]; index: number; segments: Value[]; pending: Value[] }> = [];
  const quoteAtom = (v: Value): Value =>
    v instanceof Sym && v !== NIL && !isKeyword(v) ? list([QUOTE, v]) : v;
  const expandAtom = (v: Value): Value | Refusal | undefined => {
    if (isForm(v, COMMA)) return (v.cdr as Cons).car;
    if (isForm(v, COMMA_AT))
      return new Refusal(',@ must appear inside a list in a backquote template');
    if (isForm(v, BACKQUOTE)) return new Refusal('nested backquote is not part of the dialect');
    if (Array.isArray(v))
      return hasUnquote(v)
        ? new Refusal('unquote inside a vector template is not part of the dialect')
        : v;
    if (v instanceof Cons) return undefined;
    return quoteAtom(v);
  };
  const first = expandAtom(template);
  if (first !== undefined) return first;
  let result: Value | undefined;
  const open = (cons: Cons): Refusal | undefined => {
    const items: Value[] = [];
    let tail: Value = cons;
    while (tail instanceof Cons) {
      if (tail.car === COMMA || tail.car === COMMA_AT)
        return new Refusal('the dotted (a . ,b) unquote convention is not part of the dialect');
      items.push(tail.car);
      tail = tail.cdr;
    }
    if (tail !== NIL) return new Refusal('dotted templates are not part of the dialect');
    stack.push({ items, index: 0, segments: [], pending: [] });
    return undefined;
  };
  const failure = open(template as unknown as Cons);
  if (failure !== undefined) return failure;
  while (stack.length > 0) {
    const top = stack.at(-1) as (typeof stack)[number];
    if (top.index < top.items.length) {
      const item = top.items[top.index++] as Value;
      if (isForm(item, COMMA_AT)) {
        if (top.pending.length > 0) top.segments.push(list([LIST, ...top.pending]));
        top.pending = [];
        top.segments.push((item.cdr as Cons).car);
        continue;
      }
      const expanded = expandAtom(item);
      if (expanded instanceof Refusal) return expanded;
      if (expanded !== undefined) {
        top.pending.push(expanded);
        continue;
      }
      const nested = open(item as unknown as Cons);
      if (nested !== undefined) return nested;
      continue;
    }
    stack.pop();
    if (top.pending.length > 0) top.segments.push(list([LIST, ...top.pending]));
    const built: Value =
      top.segments.length === 0
        ? NIL
        : top.segments.length === 1 && top.items.every((i) => !isForm(i, COMMA_AT))
          ? (top.segments[0] as Value)
          : list([
              APPEND,
              ...top.segments,
              ...(isForm(top.items.at(-1) as Value, COMMA_AT) ? [NIL] : []),
            ]);
    const parent = stack.at(-1);
    if (parent === undefined) result = built;
    else parent.pending.push(built);
  }
  return result as Value;
}
