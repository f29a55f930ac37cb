import { syntaxNames } from './compile.js';
import type { ToolInfo } from './compile-context.js';
import type { JsonSchema } from './json.js';
import { primitives } from './primitives/index.js';
import type { ToolBinding } from './tool-types.js';

const reserved = new Set(['ToolCall', 'ToolSearch', 'nil', 't']);

/** Why `name` can never name a tool, or undefined when it can. */
function reservedReason(name: string): string | undefined {
  if (name === '') return 'a tool name cannot be empty';
  if (reserved.has(name)) return `${name} is reserved (ToolCall, ToolSearch, nil and t are)`;
  if (name.startsWith(':')) return 'names starting with ":" are keywords';
  if (syntaxNames.has(name)) return `${name} is a special form of the dialect`;
  if (primitives.has(name)) return `${name} is a built-in function of the dialect`;
  return undefined;
}

/** Validates the tool roster and returns what the compiler needs to know about it. */
export function rosterOf(tools: Record<string, ToolBinding> | undefined): Map<string, ToolBinding> {
  const roster = new Map<string, ToolBinding>();
  return tools === undefined ? roster : fillRoster(roster, tools);
}

// Apart from `rosterOf`, so that an evaluation without tools never compiles it.
function fillRoster(
  roster: Map<string, ToolBinding>,
  tools: Record<string, ToolBinding>,
): Map<string, ToolBinding> {
  if (typeof tools !== 'object' || tools === null)
    throw new TypeError(
      `options.tools must be an object of tool bindings, received ${String(tools)}`,
    );
  for (const name of Object.keys(tools)) {
    const binding = tools[name];
    const reason = reservedReason(name);
    if (reason !== undefined)
      throw new TypeError(
        `options.tools: ${JSON.stringify(name)} can never be a tool name: ${reason}; rename or omit that tool`,
      );
    if (typeof binding !== 'object' || binding === null || typeof binding.call !== 'function')
      throw new TypeError(
        `options.tools.${name} must be { call(args, context): Promise<unknown> }, received ${String(binding)}`,
      );
    roster.set(name, binding);
  }
  return roster;
}

/** The closed list of argument names `schema` declares, or undefined when it admits any. */
function declaredProperties(schema: JsonSchema | undefined): string[] | undefined {
  const properties = schema?.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties))
    return undefined;
  const extra = schema?.additionalProperties;
  if (extra === true || (typeof extra === 'object' && extra !== null)) return undefined;
  return Object.keys(properties);
}

/** The schema's `required` names that are strings. */
function requiredNames(schema: JsonSchema | undefined): string[] {
  const required = schema?.required;
  return Array.isArray(required)
    ? required.filter((name): name is string => typeof name === 'string')
    : [];
}

/** Returns the compiler's view of a roster. */
export function toolInfos(roster: Map<string, ToolBinding>): Map<string, ToolInfo> {
  if (roster.size === 0) return new Map();
  return new Map(
    [...roster].map(([name, binding]) => [
      name,
      {
        standaloneOnly: binding.standaloneOnly === true,
        properties: declaredProperties(binding.inputSchema),
        required: requiredNames(binding.inputSchema),
      },
    ]),
  );
}
