import { exceed } from '../guest-error.js';
import { guestError, type Machine } from '../machine.js';
import type { Primitive } from '../nodes-call.js';
import type { Num } from '../numbers.js';
import { preview } from '../printer.js';
import { Cons, type Integer, LFloat, NIL, type Sym, type Value } from '../values.js';

/** Raises `wrong-type-argument PREDICATE VALUE`. */
export function wrongType(predicate: string, value: Value): never {
  return guestError(`wrong-type-argument ${predicate} ${preview(value, 200)}`);
}

/** Returns `value` as a string or raises stringp. */
export function asString(value: Value | undefined): string {
  if (typeof value !== 'string') wrongType('stringp', value ?? NIL);
  return value as string;
}

/** Returns `value` as a guest number or raises numberp. */
export function asNumber(value: Value | undefined): Num {
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof LFloat)
    return value;
  return wrongType('number-or-marker-p', value ?? NIL);
}

/** Returns `value` as a guest integer or raises integerp. */
export function asInteger(value: Value | undefined): Integer {
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  return wrongType('integer-or-marker-p', value ?? NIL);
}

/** Returns `value` as a small integer (a fixnum) or raises fixnump. */
export function asFixnum(value: Value | undefined): number {
  if (typeof value === 'number') return value;
  return wrongType('fixnump', value ?? NIL);
}

/** Returns `value` as a list (cons or nil) or raises listp. */
export function asList(value: Value | undefined): Cons | Sym {
  if (value === NIL || value instanceof Cons) return value as Cons | Sym;
  return wrongType('listp', value ?? NIL);
}

/** Whether optional argument `value` was given a non-nil value. */
export function given(value: Value | undefined): value is Value {
  return value !== undefined && value !== NIL;
}

/** Charges a string against the value-size budget. */
export function checkString(m: Machine, text: string): string {
  if (text.length > m.limits.valueSize)
    exceed(
      'value-size',
      m.limits.valueSize,
      `bytes: a string of ${text.length} characters was produced after ${m.steps} steps`,
    );
  m.allocate(text.length, 'at a new string');
  return text;
}

/** Refuses a string of `length` characters before building it. */
export function checkLength(m: Machine, length: number): void {
  if (length > m.limits.valueSize)
    exceed(
      'value-size',
      m.limits.valueSize,
      `bytes: a string of ${length} characters would be produced after ${m.steps} steps`,
    );
}

/** Bytes charged to retained-values for each new list cell or vector slot. */
export const CELL_BYTES = 8;

/** Charges a new list or vector of `count` elements to retained-values. */
export function allocateCells(m: Machine, count: number): void {
  m.allocate(count * CELL_BYTES, 'at a new list');
}

/** Refuses a new list or vector of `count` elements that cannot fit the value-size budget. */
export function checkCount(m: Machine, count: number): void {
  if (count * 2 > m.limits.valueSize)
    exceed(
      'value-size',
      m.limits.valueSize,
      `bytes: a sequence of ${count} elements was produced after ${m.steps} steps`,
    );
}

/** Charges a walk over `count` list cells as extra steps (one per 64 cells). */
export function walked(m: Machine, count: number): void {
  if (count > 0) m.steps += Math.floor(count / 64);
}

/** Collects a proper list's elements, raising listp on a dotted tail. */
export function listToArray(value: Value): Value[] {
  const items: Value[] = [];
  let tail = asList(value) as Value;
  while (tail instanceof Cons) {
    items.push(tail.car);
    tail = tail.cdr;
  }
  if (tail !== NIL) wrongType('listp', tail);
  return items;
}

/** Declares a primitive. */
export function define(
  name: string,
  min: number,
  max: number,
  fn: (args: Value[], m: Machine) => Value,
): Primitive {
  return { name, min, max, fn, fast1: undefined, fast2: undefined };
}

/**
 * Declares a primitive of exactly one argument. A call site with one argument calls `fn`
 * directly, without an argument array.
 */
export function define1(name: string, fn: (a: Value, m: Machine) => Value): Primitive {
  return {
    name,
    min: 1,
    max: 1,
    fn: (args, m) => fn(args[0] as Value, m),
    fast1: fn,
    fast2: undefined,
  };
}

/**
 * Declares a primitive of exactly two arguments. A call site with two arguments calls `fn`
 * directly, without an argument array.
 */
export function define2(name: string, fn: (a: Value, b: Value, m: Machine) => Value): Primitive {
  return {
    name,
    min: 2,
    max: 2,
    fn: (args, m) => fn(args[0] as Value, args[1] as Value, m),
    fast1: undefined,
    fast2: fn,
  };
}

/**
 * Declares a primitive of two arguments and an optional third. A call site with two
 * arguments calls `fn2` directly, without an argument array.
 */
export function define23(
  name: string,
  fn2: (a: Value, b: Value, m: Machine) => Value,
  fn: (args: Value[], m: Machine) => Value,
): Primitive {
  return { name, min: 2, max: 3, fn, fast1: undefined, fast2: fn2 };
}
