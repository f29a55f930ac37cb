import { argumentsOrRefusal, flatKeyNames, type JsonObject, type JsonSchema } from './json.js';
import type { ToolBinding } from './tool-types.js';
import type { Sym, Value } from './values.js';

// A site whose keyword lists keep changing stops planning after this many plans: each
// costs a general projection's key checks, which a fresh plan would then have to repay.
const MAX_PLANS = 8;

/**
 * What one `(Tool :key value …)` form keeps between its calls: the binding its roster
 * gave, and its last keyword list resolved against that binding's schema (the plan). A
 * call with the planned keywords (the same symbols, in order), integer or string values
 * and the planned schema object builds its arguments straight from the plan, reading
 * neither the schema nor the keys; any other call takes `argumentsOrRefusal`. Both give
 * the same object, and only the general path refuses.
 */
export class CallSite {
  /** The roster `binding` was looked up in. */
  roster: ReadonlyMap<string, ToolBinding> | undefined = undefined;
  binding: ToolBinding | undefined = undefined;
  private planned = false;
  private schema: JsonSchema | undefined = undefined;
  private keys: Sym[] = [];
  private names: string[] = [];
  /** The keys' share of the printed-size bound `argumentsOrRefusal` checks first. */
  private keyBound = 0;
  private plans = 0;

  /** The tool's binding in `roster` (the site's tool is on it). */
  bindingIn(roster: ReadonlyMap<string, ToolBinding>, tool: string): ToolBinding {
    if (this.roster !== roster) {
      this.binding = roster.get(tool);
      this.roster = roster;
    }
    return this.binding as ToolBinding;
  }

  /** `argumentsOrRefusal(args, schema, maxSize)`, from the plan when the call fits it. */
  project(
    args: readonly Value[],
    schema: JsonSchema | undefined,
    maxSize: number,
  ): JsonObject | string {
    const planned =
      this.planned && schema === this.schema && args.length === 2 * this.keys.length
        ? this.fromPlan(args, maxSize)
        : null;
    if (planned !== null && planned !== undefined) return planned;
    const converted = argumentsOrRefusal(args, schema, maxSize);
    // Planned keys with other values keep their plan.
    if (planned === null && typeof converted !== 'string' && this.plans < MAX_PLANS)
      this.plan(args, schema);
    return converted;
  }

  /** The planned object; null when the keys are not the planned ones, undefined when a value does not fit. */
  private fromPlan(args: readonly Value[], maxSize: number): JsonObject | null | undefined {
    const { keys, names } = this;
    for (let k = 0; k < keys.length; k++) if (args[2 * k] !== keys[k]) return null;
    const result: JsonObject = {};
    let bound = this.keyBound;
    for (let k = 0; k < keys.length; k++) {
      const value = args[2 * k + 1];
      if (typeof value === 'number') bound += 23;
      else if (typeof value === 'string') bound += 2 * value.length + 3;
      else return undefined;
      result[names[k] as string] = value;
    }
    return bound <= maxSize ? result : undefined;
  }

  private plan(args: readonly Value[], schema: JsonSchema | undefined): void {
    const names = flatKeyNames(args, schema);
    if (names === undefined) return;
    const keys: Sym[] = [];
    // The list's parentheses, then each keyword printed with its separating space.
    let keyBound = 2;
    for (let i = 0; i < args.length; i += 2) {
      const key = args[i] as Sym;
      keys.push(key);
      keyBound += 2 * key.name.length + 1;
    }
    this.planned = true;
    this.schema = schema;
    this.keys = keys;
    this.names = names;
    this.keyBound = keyBound;
    this.plans++;
  }
}
