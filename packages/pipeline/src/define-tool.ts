import type { z } from 'zod';
import { lowerArguments } from './args-dsl.js';
import { deepFreeze, frozenJsonCopy } from './deep-freeze.js';
import {
  checkAnnotations,
  checkBoolean,
  checkFunction,
  checkGroups,
  checkLimit,
  checkPermission,
  checkText,
  rejectUnknownKeys,
} from './definition-checks.js';
import { summarize } from './summary.js';
import type {
  PermissionExtractors,
  RenderTransform,
  Tool,
  ToolAnnotations,
  ToolHandler,
} from './tool-types.js';

/** The definition `defineTool` accepts; `args` is a zod object built with the argument DSL. */
export interface ToolDefinition<Shape extends z.ZodObject> {
  name: string;
  description: string;
  summary?: string;
  args: Shape;
  handler: ToolHandler<z.output<Shape>>;
  readOnly?: boolean;
  destructive?: boolean;
  /** MCP annotations beyond the flags (see `ToolAnnotations`). */
  annotations?: ToolAnnotations;
  snapshot?: boolean;
  async?: boolean;
  category?: string;
  groups?: readonly string[];
  maxResultSize?: number;
  permission?: PermissionExtractors<z.output<Shape>>;
  renderTransform?: RenderTransform;
  renderer?: unknown;
}

const DEFINITION_KEYS = new Set([
  'name',
  'description',
  'summary',
  'args',
  'handler',
  'readOnly',
  'destructive',
  'annotations',
  'snapshot',
  'async',
  'category',
  'groups',
  'maxResultSize',
  'permission',
  'renderTransform',
  'renderer',
]);

const NATIVE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** Defines a native tool, rejecting unknown keys and lowering its arguments once. */
export function defineTool<Shape extends z.ZodObject>(
  definition: ToolDefinition<Shape>,
): Tool<z.output<Shape>> {
  const where = 'defineTool';
  if (typeof definition !== 'object' || definition === null) {
    throw new TypeError(`${where}: expected a definition object, received ${typeof definition}`);
  }
  rejectUnknownKeys(where, definition, DEFINITION_KEYS);
  const name = checkText(where, 'name', definition.name);
  if (!NATIVE_NAME.test(name)) {
    throw new TypeError(`${where}: \`name\` must match ${NATIVE_NAME}, received ${name}`);
  }
  const description = checkText(where, 'description', definition.description);
  const args = definition.args as unknown as z.ZodObject | undefined;
  if (typeof args !== 'object' || args === null || typeof args.shape !== 'object') {
    throw new TypeError(`${where}: \`args\` must be a zod object (z.object({...}))`);
  }
  const handler = checkFunction<ToolHandler<z.output<Shape>>>(where, 'handler', definition.handler);
  if (handler === undefined) throw new TypeError(`${where}: \`handler\` is required`);
  const snapshot = checkBoolean(where, 'snapshot', definition.snapshot);
  const permission = checkPermission<PermissionExtractors<z.output<Shape>>>(
    where,
    definition.permission,
  );
  const lowered = lowerArguments(args);
  if (snapshot && permission.path === undefined && permission.paths === undefined) {
    const hasPathArgument = Object.keys(lowered.semantics).length > 0;
    if (!hasPathArgument) {
      throw new TypeError(`${where}: \`snapshot\` needs permission.path(s) or a path() argument`);
    }
  }
  return Object.freeze({
    name,
    description,
    summary:
      definition.summary === undefined
        ? summarize(description)
        : checkText(where, 'summary', definition.summary),
    category:
      definition.category === undefined
        ? undefined
        : checkText(where, 'category', definition.category),
    groups: checkGroups(where, definition.groups),
    readOnly: checkBoolean(where, 'readOnly', definition.readOnly),
    destructive: checkBoolean(where, 'destructive', definition.destructive),
    annotations: checkAnnotations(where, definition.annotations),
    snapshot,
    async: checkBoolean(where, 'async', definition.async),
    maxResultSize: checkLimit(where, 'maxResultSize', definition.maxResultSize),
    inputSchema: frozenJsonCopy(lowered.inputSchema),
    semantics: deepFreeze(lowered.semantics),
    defaults: deepFreeze(lowered.defaults),
    permission,
    handler,
    renderTransform: checkFunction<RenderTransform>(
      where,
      'renderTransform',
      definition.renderTransform,
    ),
    renderer: definition.renderer,
    wrapped: undefined,
  });
}
