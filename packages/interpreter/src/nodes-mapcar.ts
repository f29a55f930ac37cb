import { bindOne, type Env, type Frame, type Machine, type Node, SUSPENDED } from './machine.js';
import type { ClosureData } from './nodes-bind.js';
import { invokeDirect, sequenceItems } from './nodes-call.js';
import { CalleeFirst } from './nodes-funcall.js';
import { Closure, list, NIL, type Value } from './values.js';

/** `mapcar`: calls the function on each element and lists the results in order. */
export class Mapcar extends CalleeFirst {
  readonly chains = false;
  constructor(args: Node[]) {
    super(args);
    this.simple = false;
  }
  ev(env: Env, m: Machine): Value {
    m.steps++;
    const values = this.evaluateCall(env, m);
    if (values === undefined) return SUSPENDED;
    return mapFrom(values[0] as Value, sequenceItems(values[1] as Value), 0, [], m, this.cost);
  }
  finish(values: Value[], _env: Env, m: Machine): void {
    m.val = mapFrom(values[0] as Value, sequenceItems(values[1] as Value), 0, [], m, this.cost);
  }
}

/** Maps `callee` over `items` from `start` on, after the `results` of the items before. */
function mapFrom(
  callee: Value,
  items: Value[],
  start: number,
  results: Value[],
  m: Machine,
  cost: number,
): Value {
  if (items.length === 0) return NIL;
  // A lambda of one parameter takes each item straight into its environment.
  let data: ClosureData | undefined;
  if (callee instanceof Closure) {
    const { template } = callee.data as ClosureData;
    if (template.required === 1 && template.optional === 0 && !template.rest)
      data = callee.data as ClosureData;
  }
  for (let at = start; at < items.length; at++) {
    // Checked before each item: an item that waits on a tool call comes back here from the machine.
    if (m.steps >= m.checkAt && m.yieldDue()) {
      m.captured.push(new MapcarFrame(callee, items, at, results, cost, false));
      m.node = null;
      return SUSPENDED;
    }
    if (at > 0) m.steps++;
    const item = items[at] as Value;
    const result =
      data === undefined
        ? invokeDirect(m, callee, [item], false, cost)
        : m.call(data.template.body, bindOne(data.env, item), cost);
    if (result === SUSPENDED) {
      m.captured.push(new MapcarFrame(callee, items, at, results, cost, true));
      return result;
    }
    results.push(result);
  }
  m.allocate(results.length * 8, 'at a mapcar result');
  return list(results);
}

/** The rest of a `mapcar` suspended at item `at`; `called` when that item's call is under way. */
class MapcarFrame implements Frame {
  constructor(
    readonly callee: Value,
    readonly items: Value[],
    readonly at: number,
    readonly results: Value[],
    readonly cost: number,
    readonly called: boolean,
  ) {}
  resume(m: Machine, v: Value): void {
    if (this.called) this.results.push(v);
    const next = this.called ? this.at + 1 : this.at;
    m.val = mapFrom(this.callee, this.items, next, this.results, m, this.cost);
  }
}
