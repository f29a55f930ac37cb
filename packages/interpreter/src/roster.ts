import { syntaxNames } from './compile.js';
import type { ToolInfo } from './compile-context.js';
import { primitives } from './primitives/index.js';
import type { ToolBinding } from './tool-types.js';

const reserved = new Set(['ToolCall', 'ToolSearch', 'nil', 't']);

/** Validates the tool roster and returns what the compiler needs to know about it. */
export function rosterOf(tools: Record<string, ToolBinding> | undefined): Map<string, ToolBinding> {
  const roster = new Map<string, ToolBinding>();
  if (tools === undefined) return roster;
  if (typeof tools !== 'object' || tools === null)
    throw new TypeError(
      `options.tools must be an object of tool bindings, received ${String(tools)}`,
    );
  for (const name of Object.keys(tools)) {
    const binding = tools[name];
    if (
      reserved.has(name) ||
      syntaxNames.has(name) ||
      primitives.has(name) ||
      name.startsWith(':') ||
      name === ''
    )
      throw new TypeError(
        `options.tools: ${JSON.stringify(name)} can never be a tool name (ToolCall, ToolSearch, nil, t, keywords and built-in names are reserved)`,
      );
    if (typeof binding !== 'object' || binding === null || typeof binding.call !== 'function')
      throw new TypeError(
        `options.tools.${name} must be { call(args, context): Promise<unknown> }, received ${String(binding)}`,
      );
    roster.set(name, binding);
  }
  return roster;
}

/** Returns the compiler's view of a roster. */
export function toolInfos(roster: Map<string, ToolBinding>): Map<string, ToolInfo> {
  return new Map(
    [...roster].map(([name, binding]) => [
      name,
      { standaloneOnly: binding.standaloneOnly === true },
    ]),
  );
}
