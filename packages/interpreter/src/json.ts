import { preview, printsWithin } from './printer.js';
import {
  Closure,
  Cons,
  intern,
  isKeyword,
  LFloat,
  list,
  NIL,
  Sym,
  T,
  type Value,
} from './values.js';

/** A JSON value as tools send and receive it. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };
/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };
/** The JSON Schema subset the argument projection reads (`type`, `properties`, `items`). */
export type JsonSchema = { [key: string]: unknown };

/** The outcome of projecting a guest value to JSON. */
export type JsonResult =
  | { success: true; value: JsonValue }
  | { success: false; error: { message: string } };

const JSON_FALSE = intern(':json-false');
const FALSE_KEYWORD = intern(':false');
const TRUE_KEYWORD = intern(':true');
const NULL_KEYWORD = intern(':null');
const COMMA = intern(',');
const COMMA_AT = intern(',@');
const bareLiterals = new Map([
  ['true', 't (or :true where the schema says boolean)'],
  ['false', ':json-false (or nil where the schema says boolean)'],
  ['null', ':null'],
]);

class Refusal extends Error {}

/** Levels of nesting a guest value may have to be projected to JSON (a tool argument, the result's `json`). */
export const maxJsonDepth = 200;

/** Levels of nesting a tool's JSON result may have to become a guest value. */
export const maxResultDepth = 1000;

// Projection is bounded by printed size first, so shared structure cannot expand without limit.
const DEFAULT_MAX = 16_777_216;

/** Whether `value` is a non-empty keyword plist `(:key value …)`. */
export function isKeywordPlist(value: Value): value is Cons {
  if (!(value instanceof Cons)) return false;
  let tail: Value = value;
  while (tail instanceof Cons) {
    if (!isKeyword(tail.car) || !(tail.cdr instanceof Cons)) return false;
    tail = tail.cdr.cdr;
  }
  return tail === NIL;
}

function describe(value: Value): string {
  return preview(value, 200);
}

function looksLikeJson(value: Value): boolean {
  const stack: Value[] = [value];
  let budget = 10_000;
  while (stack.length > 0 && budget-- > 0) {
    const v = stack.pop() as Value;
    if (
      v instanceof Sym &&
      (v === COMMA ||
        v.name.includes('{') ||
        v.name.includes('}') ||
        v.name.endsWith(':') ||
        bareLiterals.has(v.name))
    )
      return true;
    if (v instanceof Cons) stack.push(v.car, v.cdr);
    else if (Array.isArray(v)) stack.push(...v);
  }
  return false;
}

function refuseData(value: Value, path: string): never {
  if (value instanceof Cons && (value.car === COMMA || value.car === COMMA_AT))
    throw new Refusal(
      `${path} holds a comma, which is not JSON syntax in this dialect: separate elements with spaces, e.g. [[0 0] [6 29.6]]`,
    );
  if (value instanceof Sym && bareLiterals.has(value.name))
    throw new Refusal(
      `${path} holds the bare symbol ${value.name}; write ${bareLiterals.get(value.name)}`,
    );
  throw new Refusal(`${path} cannot be sent as JSON: ${describe(value)}`);
}

function convert(
  value: Value,
  schema: JsonSchema | undefined,
  path: string,
  depth: number,
): JsonValue {
  if (depth > maxJsonDepth)
    throw new Refusal(
      `${path} is nested more than ${maxJsonDepth} levels deep, the limit of JSON projection`,
    );
  const type = schema?.type;
  if (value instanceof Closure)
    throw new Refusal(`${path} is a lambda; lambdas never leave the machine`);
  if (type === 'boolean') {
    if (value === T || value === TRUE_KEYWORD) return true;
    if (value === NIL || value === JSON_FALSE || value === FALSE_KEYWORD) return false;
    throw new Refusal(
      `${path} expects a boolean (t, nil, :true, :false or :json-false), got ${describe(value)}`,
    );
  }
  if (type === 'object') {
    if (value === NIL) return {};
    if (!isKeywordPlist(value)) {
      const note = looksLikeJson(value) ? '; JSON object syntax is not part of the dialect' : '';
      throw new Refusal(
        `${path} expects a keyword plist (:key value …), got ${describe(value)}${note}`,
      );
    }
    return convertObject(value, schema, path, depth);
  }
  if (type === 'array') {
    if (value === NIL) return [];
    const items = Array.isArray(value)
      ? value
      : value instanceof Cons
        ? listItems(value, path)
        : undefined;
    if (items === undefined)
      throw new Refusal(`${path} expects a vector or list, got ${describe(value)}`);
    const itemSchema = schema?.items as JsonSchema | undefined;
    return items.map((item, i) => convert(item, itemSchema, `${path}[${i}]`, depth + 1));
  }
  return convertData(value, schema, path, depth);
}

function listItems(value: Cons, path: string): Value[] {
  const items: Value[] = [];
  let tail: Value = value;
  while (tail instanceof Cons) {
    items.push(tail.car);
    tail = tail.cdr;
  }
  if (tail !== NIL) throw new Refusal(`${path} is a dotted list, which has no JSON form`);
  return items;
}

function convertData(
  value: Value,
  schema: JsonSchema | undefined,
  path: string,
  depth: number,
): JsonValue {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') throw new Refusal(`${path} is an integer too large for JSON`);
  if (value instanceof LFloat) {
    if (!Number.isFinite(value.value))
      throw new Refusal(`${path} is ${describe(value)}, which has no JSON form`);
    return value.value;
  }
  if (value === T || value === TRUE_KEYWORD) return true;
  if (value === JSON_FALSE || value === FALSE_KEYWORD) return false;
  if (value === NULL_KEYWORD || value === NIL) return null;
  if (value instanceof Sym) {
    if (bareLiterals.has(value.name) || value.name.includes('{') || value.name.includes('}'))
      refuseData(value, path);
    return value.name;
  }
  if (Array.isArray(value))
    return value.map((item, i) => convert(item, undefined, `${path}[${i}]`, depth + 1));
  if (value instanceof Cons) {
    if (value.car === COMMA || value.car === COMMA_AT) refuseData(value, path);
    if (isKeywordPlist(value)) return convertObject(value, schema, path, depth);
    return listItems(value, path).map((item, i) =>
      convert(item, undefined, `${path}[${i}]`, depth + 1),
    );
  }
  return refuseData(value, path);
}

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, '');
}

function resolveKey(
  keyword: string,
  properties: Record<string, unknown> | undefined,
  path: string,
  open: boolean,
): string {
  if (properties === undefined || Object.hasOwn(properties, keyword)) return keyword;
  const matches = Object.keys(properties).filter(
    (name) => normalizeKey(name) === normalizeKey(keyword),
  );
  if (matches.length === 1) return matches[0] as string;
  if (open) return keyword;
  const accepted = Object.keys(properties)
    .map((name) => `:${name}`)
    .join(' ');
  throw new Refusal(
    `unknown keyword :${keyword}${path === 'arguments' ? '' : ` in ${path}`}; accepted: ${accepted}`,
  );
}

function convertObject(
  value: Value,
  schema: JsonSchema | undefined,
  path: string,
  depth: number,
): JsonObject {
  const properties = schema?.properties as Record<string, JsonSchema> | undefined;
  const extra = schema?.additionalProperties;
  // Unknown keywords are refused (listing the accepted ones) unless the schema explicitly admits extra keys.
  const open =
    properties === undefined || extra === true || (typeof extra === 'object' && extra !== null);
  const result: JsonObject = {};
  let tail: Value = value;
  while (tail instanceof Cons) {
    const key = tail.car;
    if (!isKeyword(key))
      throw new Refusal(`${path} expects a keyword at a key position, got ${describe(key)}`);
    if (!(tail.cdr instanceof Cons))
      throw new Refusal(
        `keyword ${(key as Sym).name} has no value${path === 'arguments' ? '' : ` in ${path}`}`,
      );
    const name = resolveKey((key as Sym).name.slice(1), properties, path, open);
    const child =
      properties !== undefined && Object.hasOwn(properties, name) ? properties[name] : undefined;
    const childPath = path === 'arguments' ? `:${name}` : `${path}.${name}`;
    const converted = convert(tail.cdr.car, child, childPath, depth + 1);
    // `__proto__` is the one key a plain assignment would not make an own property.
    if (name === '__proto__')
      Object.defineProperty(result, name, {
        value: converted,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else result[name] = converted;
    tail = tail.cdr.cdr;
  }
  return result;
}

/**
 * Whether a flat argument list surely prints within `maxSize` characters, without printing
 * it: escaping at most doubles a string or symbol, and a safe integer prints in 22 characters.
 */
function surelyWithin(args: readonly Value[], maxSize: number): boolean {
  let bound = 2;
  for (const arg of args) {
    if (typeof arg === 'number') bound += 23;
    else if (typeof arg === 'string') bound += 2 * arg.length + 3;
    else if (arg instanceof Sym) bound += 2 * arg.name.length + 1;
    else return false;
  }
  return bound <= maxSize;
}

/**
 * The property a flat argument's key names: a keyword other than `:__proto__` naming a
 * property of the schema whose type is neither boolean, object nor array (or any keyword,
 * when the schema names no properties). Undefined for any other key.
 */
function flatName(
  key: Value,
  properties: Record<string, JsonSchema> | undefined,
): string | undefined {
  if (!(key instanceof Sym)) return undefined;
  // Set only on a keyword, the first time one names an argument.
  let name = key.argumentName;
  if (name === undefined) {
    if (!isKeyword(key)) return undefined;
    name = key.argumentName = key.name.slice(1);
  }
  if (name === '__proto__') return undefined;
  if (properties !== undefined) {
    if (!Object.hasOwn(properties, name)) return undefined;
    const type = (properties[name] as JsonSchema | undefined)?.type;
    if (type === 'boolean' || type === 'object' || type === 'array') return undefined;
  }
  return name;
}

/** The schema's properties when the flat path may read them, null when it may not. */
function flatProperties(
  schema: JsonSchema | undefined,
): Record<string, JsonSchema> | undefined | null {
  const properties = schema?.properties;
  if (properties === undefined) return undefined;
  return typeof properties === 'object' && properties !== null
    ? (properties as Record<string, JsonSchema>)
    : null;
}

/**
 * The common call's projection: flat keyword arguments holding integers or strings, each
 * key a flat name (see `flatName`). Undefined for anything else, which takes the general
 * path and its checks; both give the same object.
 */
function flatArguments(
  args: readonly Value[],
  properties: Record<string, JsonSchema> | undefined,
): JsonObject | undefined {
  if (args.length % 2 === 1) return undefined;
  const result: JsonObject = {};
  for (let i = 0; i < args.length; i += 2) {
    const value = args[i + 1];
    if (typeof value !== 'number' && typeof value !== 'string') return undefined;
    const name = flatName(args[i] as Value, properties);
    if (name === undefined) return undefined;
    result[name] = value;
  }
  return result;
}

/**
 * The property names an argument list's keys give under `schema` when every key is a flat
 * name, or undefined when some call with these keys would take the general path. A call
 * with these very keys (the same symbols, in order), integer or string values and a
 * printed size within budget projects to the object mapping each name to its value.
 */
export function flatKeyNames(
  args: readonly Value[],
  schema: JsonSchema | undefined,
): string[] | undefined {
  const properties = flatProperties(schema);
  if (properties === null || args.length % 2 === 1) return undefined;
  const names: string[] = [];
  for (let i = 0; i < args.length; i += 2) {
    const name = flatName(args[i] as Value, properties);
    if (name === undefined) return undefined;
    names.push(name);
  }
  return names;
}

type ArgumentsResult =
  | { success: true; value: JsonObject }
  | { success: false; error: { message: string } };

/** Projects a tool call's argument list (a keyword plist) to a JSON object following `schema`. */
export function toolArguments(
  args: readonly Value[],
  schema: JsonSchema | undefined,
  maxSize = DEFAULT_MAX,
): ArgumentsResult {
  const value = argumentsOrRefusal(args, schema, maxSize);
  return typeof value === 'string'
    ? { success: false, error: { message: value } }
    : { success: true, value };
}

/** `toolArguments` without a result object per call: the JSON object, or why it was refused. */
export function argumentsOrRefusal(
  args: readonly Value[],
  schema: JsonSchema | undefined,
  maxSize = DEFAULT_MAX,
): JsonObject | string {
  const properties = flatProperties(schema);
  if (properties !== null && surelyWithin(args, maxSize)) {
    const flat = flatArguments(args, properties);
    if (flat !== undefined) return flat;
  }
  const projected = projectArguments(args, schema, maxSize);
  return projected.success ? projected.value : projected.error.message;
}

/** `toolArguments` by its general path alone (exported for the fast path's tests). */
export function projectArguments(
  args: readonly Value[],
  schema: JsonSchema | undefined,
  maxSize = DEFAULT_MAX,
): ArgumentsResult {
  try {
    if (!surelyWithin(args, maxSize) && !printsWithin(list(args as Value[]), maxSize))
      throw new Refusal(
        `the arguments are larger than the value-size budget (limit ${maxSize} bytes)`,
      );
    if (args.length % 2 === 1 && isKeyword(args.at(-1)))
      throw new Refusal(`keyword ${(args.at(-1) as Sym).name} has no value`);
    for (let i = 0; i < args.length; i += 2)
      if (!isKeyword(args[i])) {
        const note = looksLikeJson(list(args as Value[]))
          ? '; JSON object syntax is not part of the dialect'
          : '';
        throw new Refusal(
          `arguments must be a keyword plist (:key value …), got ${describe(args[i] as Value)} at position ${i + 1}${note}`,
        );
      }
    if (args.length === 0) return { success: true, value: {} };
    return {
      success: true,
      value: convertObject(list(args as Value[]), schema ?? { type: 'object' }, 'arguments', 0),
    };
  } catch (error) {
    if (error instanceof Refusal) return { success: false, error: { message: error.message } };
    throw error;
  }
}

/** Projects a guest value to JSON: plists become objects, lists and vectors arrays, `t`/`:json-false`/`:null` the literals. */
export function toJson(value: Value, maxSize = DEFAULT_MAX): JsonResult {
  // An integer is its own JSON: no walk to compile or run for the most common result.
  if (typeof value === 'number' && String(value).length <= maxSize) return { success: true, value };
  try {
    if (!printsWithin(value, maxSize))
      throw new Refusal(`the value is larger than ${maxSize} bytes`);
    return { success: true, value: convert(value, undefined, 'value', 0) };
  } catch (error) {
    if (error instanceof Refusal) return { success: false, error: { message: error.message } };
    throw error;
  }
}

/** Converts a JSON value to a guest value: objects become keyword plists, arrays vectors, `false` `:json-false`, `null` `:null`. */
export function fromJson(json: unknown): Value {
  return convertJson(json, 0);
}

function convertJson(json: unknown, depth: number): Value {
  if (typeof json === 'string') return json;
  if (typeof json === 'number') return Number.isSafeInteger(json) ? json || 0 : new LFloat(json);
  if (json === true) return T;
  if (json === false) return JSON_FALSE;
  if (json === null || json === undefined) return NULL_KEYWORD;
  // JSON that deep is not data a script can use; refuse it rather than recurse without bound.
  if (depth > maxResultDepth)
    throw new RangeError(
      `JSON nested more than ${maxResultDepth} levels deep, the limit of a tool result`,
    );
  if (Array.isArray(json)) return json.map((item) => convertJson(item, depth + 1));
  if (typeof json === 'object') {
    const items: Value[] = [];
    for (const key of Object.keys(json))
      items.push(intern(`:${key}`), convertJson((json as Record<string, unknown>)[key], depth + 1));
    return list(items);
  }
  return NULL_KEYWORD;
}
