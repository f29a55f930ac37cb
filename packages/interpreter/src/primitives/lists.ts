import { eql, equal } from '../equal.js';
import type { Machine } from '../machine.js';
import type { Primitive } from '../nodes-call.js';
import { sequenceItems } from '../nodes-call.js';
import { Cons, list, NIL, Sym, type Value } from '../values.js';
import {
  allocateCells,
  asFixnum,
  asList,
  CELL_BYTES,
  checkCount,
  checkString,
  define,
  define1,
  define2,
  define23,
  given,
  listToArray,
  walked,
  wrongType,
} from './check.js';
import { charLength } from './code-points.js';
import { sortItems } from './sort.js';

const MANY = Number.POSITIVE_INFINITY;
type Same = (a: Value, b: Value, m?: Machine) => boolean;
const eq: Same = (a, b) => a === b;

function car(v: Value): Value {
  if (v instanceof Cons) return v.car;
  if (v === NIL) return NIL;
  return wrongType('listp', v);
}
function cdr(v: Value): Value {
  if (v instanceof Cons) return v.cdr;
  if (v === NIL) return NIL;
  return wrongType('listp', v);
}

function nthcdr(n: number, value: Value): Value {
  let tail = value;
  for (let i = 0; i < n && tail !== NIL; i++) tail = cdr(tail);
  return tail;
}

function length(value: Value): number {
  if (typeof value === 'string') return charLength(value);
  if (Array.isArray(value)) return value.length;
  let n = 0;
  let tail: Value = value;
  while (tail instanceof Cons) {
    n++;
    tail = tail.cdr;
  }
  if (tail !== NIL) wrongType(value instanceof Cons ? 'listp' : 'sequencep', tail);
  return n;
}

function append(args: Value[], m: Machine): Value {
  if (args.length === 0) return NIL;
  const items: Value[] = [];
  for (let i = 0; i < args.length - 1; i++) {
    const seq = args[i] as Value;
    if (seq !== NIL && !(seq instanceof Cons) && !Array.isArray(seq) && typeof seq !== 'string')
      wrongType('sequencep', seq);
    for (const item of sequenceItems(seq)) items.push(item);
    checkCount(m, items.length);
  }
  allocateCells(m, items.length);
  walked(m, items.length);
  return list(items, args[args.length - 1] as Value);
}

function member(elt: Value, value: Value, same: Same, m: Machine): Value {
  let tail = asList(value) as Value;
  let count = 0;
  while (tail instanceof Cons) {
    if (same(elt, tail.car, m)) break;
    tail = tail.cdr;
    count++;
  }
  walked(m, count);
  return tail instanceof Cons ? tail : NIL;
}

// Guest code cannot mutate a cons, so an alist looked up repeatedly can be indexed once.
const assocIndexes = new WeakMap<Cons, Map<Value, Cons> | number>();

function indexedAssoc(key: Value, head: Cons, m: Machine): Value | undefined {
  const known = assocIndexes.get(head);
  if (known === undefined) {
    assocIndexes.set(head, 1);
    return undefined;
  }
  let index = known;
  if (typeof index === 'number') {
    index = new Map();
    for (let tail: Value = head; tail instanceof Cons; tail = tail.cdr) {
      const entry = tail.car;
      if (entry instanceof Cons && !index.has(entry.car)) index.set(entry.car, entry);
    }
    walked(m, index.size);
    assocIndexes.set(head, index);
  }
  return index.get(key) ?? NIL;
}

function assoc(key: Value, alist: Value, same: Same, m: Machine): Value {
  let tail = asList(alist) as Value;
  // Strings, fixnums and symbols are equal exactly when they are ===, so skip the generic test.
  const exact =
    (same === equal || same === eq) &&
    (typeof key === 'string' || typeof key === 'number' || key instanceof Sym);
  if (exact && tail instanceof Cons && same === equal) {
    const found = indexedAssoc(key, tail, m);
    if (found !== undefined) return found;
  }
  let count = 0;
  while (tail instanceof Cons) {
    const entry = tail.car;
    if (entry instanceof Cons && (exact ? entry.car === key : same(key, entry.car, m))) break;
    tail = tail.cdr;
    count++;
  }
  walked(m, count);
  return tail instanceof Cons ? tail.car : NIL;
}

function plistMember(plist: Value, prop: Value, same: Same, m: Machine): Value {
  let tail = plist;
  let count = 0;
  while (tail instanceof Cons) {
    if (same(tail.car, prop, m)) break;
    if (!(tail.cdr instanceof Cons)) {
      tail = NIL;
      break;
    }
    tail = tail.cdr.cdr;
    count++;
  }
  walked(m, count);
  return tail instanceof Cons ? tail : NIL;
}

function plistGet(plist: Value, prop: Value, same: Same, m: Machine): Value {
  const found = plistMember(plist, prop, same, m);
  return found instanceof Cons ? car(found.cdr) : NIL;
}

function predicateOf(args: Value[], index: number): Same {
  const predicate = args[index];
  if (!given(predicate)) return eq;
  if (predicate instanceof Sym && (predicate.name === 'equal' || predicate.name === 'string='))
    return equal;
  if (predicate instanceof Sym && predicate.name === 'eq') return eq;
  if (predicate instanceof Sym && predicate.name === 'eql') return eql;
  return wrongType('(member eq eql equal string=)', predicate);
}

/** List and sequence primitives. */
export const listPrimitives: Primitive[] = [
  define1('car', (v) => car(v as Value)),
  define1('cdr', (v) => cdr(v as Value)),
  define1('caar', (v) => car(car(v as Value))),
  define1('cadr', (v) => car(cdr(v as Value))),
  define1('cdar', (v) => cdr(car(v as Value))),
  define1('cddr', (v) => cdr(cdr(v as Value))),
  define2('cons', (a, b, m) => {
    m.allocate(CELL_BYTES, 'at cons');
    return new Cons(a as Value, b as Value);
  }),
  define('list', 0, MANY, (args, m) => {
    checkCount(m, args.length);
    allocateCells(m, args.length);
    return list(args);
  }),
  define('append', 0, MANY, append),
  define1('length', (v, m) => {
    const n = length(v as Value);
    walked(m, n);
    return n;
  }),
  define2('nth', (n, v, m) => {
    walked(m, asFixnum(n));
    return car(nthcdr(asFixnum(n), v as Value));
  }),
  define2('nthcdr', (n, v, m) => {
    walked(m, asFixnum(n));
    return nthcdr(asFixnum(n), v as Value);
  }),
  define('last', 1, 2, ([v, n]) => {
    const items = listToArray(v as Value);
    const count = given(n) ? asFixnum(n) : 1;
    if (count <= 0) return NIL;
    return nthcdr(Math.max(0, items.length - count), v as Value);
  }),
  define2('take', (n, v, m) => {
    const count = asFixnum(n);
    const items: Value[] = [];
    let tail = asList(v) as Value;
    while (tail instanceof Cons && items.length < count) {
      items.push(tail.car);
      tail = tail.cdr;
    }
    allocateCells(m, items.length);
    return list(items);
  }),
  define1('reverse', (v, m) => {
    if (typeof v === 'string') return checkString(m, Array.from(v).reverse().join(''));
    const items = Array.isArray(v) ? [...v] : listToArray(v as Value);
    allocateCells(m, items.length);
    walked(m, items.length);
    items.reverse();
    return Array.isArray(v) ? items : list(items);
  }),
  define1('sort', (v, m) => {
    const items = Array.isArray(v) ? [...v] : listToArray(v as Value);
    allocateCells(m, items.length);
    walked(m, items.length * Math.max(1, Math.log2(items.length)));
    sortItems(items);
    return Array.isArray(v) ? items : list(items);
  }),
  define2('member', (e, v, m) => member(e as Value, v as Value, equal, m)),
  define2('memq', (e, v, m) => member(e as Value, v as Value, eq, m)),
  define23(
    'assoc',
    (k, v, m) => assoc(k, v, equal, m),
    (args, m) =>
      assoc(args[0] as Value, args[1] as Value, given(args[2]) ? predicateOf(args, 2) : equal, m),
  ),
  define2('assq', (k, v, m) => assoc(k as Value, v as Value, eq, m)),
  define23(
    'plist-get',
    (plist, prop, m) => plistGet(plist, prop, eq, m),
    (args, m) => plistGet(args[0] as Value, args[1] as Value, predicateOf(args, 2), m),
  ),
  define23(
    'plist-member',
    (plist, prop, m) => plistMember(plist, prop, eq, m),
    (args, m) => plistMember(args[0] as Value, args[1] as Value, predicateOf(args, 2), m),
  ),
];
