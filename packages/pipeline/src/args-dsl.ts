import { z } from 'zod';
import { isPlainObject, type JsonObject, type JsonValue } from './json.js';
import type { ArgumentSemantics } from './tool-types.js';

const semanticRegistry = new WeakMap<z.ZodType, ArgumentSemantics>();

/** The guidance appended to every `path()` argument's description. */
export const PATH_GUIDANCE = 'Pass a raw filesystem path, not Markdown or a URL.';
/** The guidance appended to every `pathOrResource()` argument's description. */
export const PATH_OR_RESOURCE_GUIDANCE =
  'Pass a raw filesystem path or canonical resource address, not Markdown or a URL.';

/** A filesystem-only path argument; it lowers to a JSON string with path guidance. */
export function path(description?: string): z.ZodString {
  const schema = description === undefined ? z.string() : z.string().describe(description);
  semanticRegistry.set(schema, { kind: 'path', access: 'write' });
  return schema;
}

/** A path or `scheme://` resource address; `access: 'read'` authorises it as a Read would. */
export function pathOrResource(
  options: { access?: 'read' | 'write'; description?: string } = {},
): z.ZodString {
  const { access = 'write', description } = options;
  if (access !== 'read' && access !== 'write') {
    throw new TypeError(
      `pathOrResource: access must be 'read' or 'write', received ${String(access)}`,
    );
  }
  const schema = description === undefined ? z.string() : z.string().describe(description);
  semanticRegistry.set(schema, { kind: 'path-or-resource', access });
  return schema;
}

/** The JSON Schema and argument facts lowered from a zod object. */
export interface LoweredArguments {
  readonly inputSchema: JsonObject;
  readonly semantics: Readonly<Record<string, ArgumentSemantics>>;
  readonly defaults: readonly (readonly [string, JsonValue])[];
}

function unwrapSemantics(schema: z.ZodType): ArgumentSemantics | undefined {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 8; depth++) {
    const found = semanticRegistry.get(current);
    if (found !== undefined) return found;
    const inner = (current as { def?: { innerType?: z.ZodType } }).def?.innerType;
    if (inner === undefined) return undefined;
    current = inner;
  }
  return undefined;
}

function withGuidance(property: Record<string, unknown>, guidance: string): void {
  const description = typeof property.description === 'string' ? property.description : '';
  if (description.endsWith(guidance)) return;
  property.description = description === '' ? guidance : `${description} ${guidance}`;
}

// zod emits the safe-integer range for every `.int()`; those are not declared bounds.
function dropImplicitBounds(property: Record<string, unknown>): void {
  if (property.minimum === Number.MIN_SAFE_INTEGER) delete property.minimum;
  if (property.maximum === Number.MAX_SAFE_INTEGER) delete property.maximum;
}

/** Lowers a zod object of arguments to the provider JSON Schema plus semantics and defaults. */
export function lowerArguments(args: z.ZodObject): LoweredArguments {
  const raw = z.toJSONSchema(args, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  delete raw.$schema;
  raw.type = 'object';
  raw.additionalProperties = false;
  const properties = isPlainObject(raw.properties) ? raw.properties : {};
  raw.properties = properties;
  const semantics: Record<string, ArgumentSemantics> = {};
  const defaults: (readonly [string, JsonValue])[] = [];
  for (const [key, fieldSchema] of Object.entries(args.shape as Record<string, z.ZodType>)) {
    const property = properties[key];
    if (!isPlainObject(property)) continue;
    dropImplicitBounds(property);
    if ('default' in property) defaults.push([key, property.default as JsonValue]);
    const found = unwrapSemantics(fieldSchema);
    if (found === undefined) continue;
    semantics[key] = found;
    withGuidance(property, found.kind === 'path' ? PATH_GUIDANCE : PATH_OR_RESOURCE_GUIDANCE);
  }
  if (Array.isArray(raw.required) && raw.required.length === 0) delete raw.required;
  return { inputSchema: raw as JsonObject, semantics, defaults };
}
