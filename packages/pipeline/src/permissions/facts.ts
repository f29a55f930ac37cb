import type { Tool } from '../tool-types.js';
import type { CommandSegment, PermissionFacts } from './types.js';

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

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

function checkSegments(value: unknown): readonly CommandSegment[] {
  if (!Array.isArray(value)) {
    throw new TypeError(
      `permission.commands must give an array of command segments, received ${typeof value}`,
    );
  }
  for (const segment of value as CommandSegment[]) {
    if (
      typeof segment !== 'object' ||
      segment === null ||
      typeof segment.text !== 'string' ||
      typeof segment.readOnly !== 'boolean'
    ) {
      throw new TypeError(
        'permission.commands gave a segment without text and readOnly; expected CommandSegment values',
      );
    }
  }
  return value as readonly CommandSegment[];
}

/**
 * Extracts permission facts from validated arguments; path arguments count when no extractor
 * is declared. Synchronous unless the tool's `commands` extractor returns a promise.
 */
export function factsOf(
  tool: Tool,
  args: Readonly<Record<string, unknown>>,
): PermissionFacts | Promise<PermissionFacts> {
  const base = basicFactsOf(tool, args);
  const { commands, mustAsk } = tool.permission;
  if (commands === undefined && mustAsk === undefined) return base;
  const reason = text(mustAsk?.(args));
  if (commands === undefined) return { ...base, mustAsk: reason };
  const segments = commands(args);
  if (isThenable(segments)) {
    return Promise.resolve(segments).then((list) => ({
      ...base,
      commands: checkSegments(list),
      mustAsk: reason,
    }));
  }
  return { ...base, commands: checkSegments(segments), mustAsk: reason };
}

/**
 * The facts now, for a decision that cannot wait: a command analysis still pending counts as
 * one segment no rule can judge (so the decision is at least `ask`).
 */
export function factsNow(tool: Tool, args: Readonly<Record<string, unknown>>): PermissionFacts {
  const found = factsOf(tool, args);
  if (!isThenable(found)) return found;
  // The analysis still runs; its result (or failure) is not wanted any more.
  found.then(undefined, () => undefined);
  const base = basicFactsOf(tool, args);
  const pending: CommandSegment = Object.freeze({
    text: base.pattern ?? '',
    name: null,
    argv: null,
    command: null,
    readOnly: false,
    opaque: 'the command analysis is still loading',
    via: Object.freeze([]),
  });
  return { ...base, commands: [pending], mustAsk: text(tool.permission.mustAsk?.(args)) };
}

function basicFactsOf(tool: Tool, args: Readonly<Record<string, unknown>>): PermissionFacts {
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
