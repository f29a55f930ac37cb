import type { Tool } from '../tool-types.js';
import type { PermissionFacts } from './types.js';

const NO_PATHS: PermissionFacts['paths'] = Object.freeze([]);
const NO_FACTS: PermissionFacts = Object.freeze({
  paths: NO_PATHS,
  pattern: undefined,
  domain: undefined,
  name: undefined,
});

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Extracts permission facts from validated arguments; path arguments count when no extractor is declared. */
export function factsOf(tool: Tool, args: Readonly<Record<string, unknown>>): PermissionFacts {
  const { permission, semantics } = tool;
  const defaultAccess = tool.readOnly ? 'read' : 'write';
  let paths: PermissionFacts['paths'] = NO_PATHS;
  if (permission.path !== undefined || permission.paths !== undefined) {
    const list: string[] = [];
    const single = text(permission.path?.(args));
    if (single !== undefined) list.push(single);
    for (const entry of permission.paths?.(args) ?? [])
      if (text(entry) !== undefined) list.push(entry);
    paths = list.map((path) => ({ path, access: defaultAccess }));
  } else {
    for (const key in semantics) {
      const value = text(args[key]);
      if (value === undefined) continue;
      const access = tool.readOnly ? 'read' : semantics[key]!.access;
      if (paths === NO_PATHS) paths = [];
      (paths as { path: string; access: 'read' | 'write' }[]).push({ path: value, access });
    }
  }
  const pattern = text(permission.pattern?.(args));
  const domain = text(permission.domain?.(args));
  const name = text(permission.name?.(args));
  if (paths === NO_PATHS && pattern === undefined && domain === undefined && name === undefined) {
    return NO_FACTS;
  }
  return { paths, pattern, domain, name };
}
