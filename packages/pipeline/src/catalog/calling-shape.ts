import type { JsonObject, JsonValue } from '../json.js';
import { isPlainObject } from '../json.js';
import type { CatalogEntry } from './catalog.js';

/** One argument of a tool contract, read from its JSON Schema. */
export interface ArgumentInfo {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string | undefined;
  readonly enum: readonly JsonValue[] | undefined;
  readonly default: JsonValue | undefined;
}

function typeName(schema: Record<string, unknown>): string {
  const type = schema.type;
  if (typeof type === 'string') {
    if (type === 'array' && isPlainObject(schema.items)) {
      const item = typeName(schema.items);
      return item === 'value' ? 'array' : `${item}[]`;
    }
    return type;
  }
  if (Array.isArray(type)) return type.filter((item) => item !== 'null').join('|') || 'value';
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const named = options.filter(isPlainObject).map(typeName);
      return [...new Set(named.filter((name) => name !== 'null'))].join('|') || 'value';
    }
  }
  if (Array.isArray(schema.enum)) return typeof schema.enum[0] === 'number' ? 'number' : 'string';
  return 'value';
}

/** The arguments of a tool's input schema, in declaration order. */
export function argumentsOf(inputSchema: JsonObject): ArgumentInfo[] {
  const properties = isPlainObject(inputSchema.properties) ? inputSchema.properties : {};
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required : []);
  return Object.keys(properties).map((name) => {
    const schema = properties[name];
    const property = isPlainObject(schema) ? schema : {};
    return {
      name,
      type: typeName(property),
      required: required.has(name),
      description: typeof property.description === 'string' ? property.description : undefined,
      enum: Array.isArray(property.enum) ? (property.enum as JsonValue[]) : undefined,
      default: property.default as JsonValue | undefined,
    };
  });
}

/** The calling shape of a catalog tool: `(Grep :pattern string [:path string])`, plus `[standalone only]`. */
export function callingShape(entry: CatalogEntry): string {
  const parts = [entry.tool.name];
  for (const argument of argumentsOf(entry.tool.inputSchema)) {
    const text = `:${argument.name} ${argument.type}`;
    parts.push(argument.required ? text : `[${text}]`);
  }
  const shape = `(${parts.join(' ')})`;
  return entry.standaloneOnly ? `${shape} [standalone only]` : shape;
}
