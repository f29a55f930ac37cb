import { frozenJsonCopy } from './deep-freeze.js';
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
import { copyJson, isPlainObject, type JsonObject, stableStringify } from './json.js';
import { summarize } from './summary.js';
import type {
  PermissionExtractors,
  RenderTransform,
  Tool,
  ToolAnnotations,
  ToolHandler,
  WrappedToolSource,
} from './tool-types.js';

/** The definition `wrapTool` accepts: an external tool described by raw JSON Schema. */
export interface WrappedToolDefinition {
  category: string;
  name: string;
  description: string;
  summary?: string;
  /** Resolves the current source on every call, so a reconnect can swap its `call`. */
  source: () => WrappedToolSource;
  readOnly?: boolean;
  destructive?: boolean;
  /** MCP annotations beyond the flags (see `ToolAnnotations`). */
  annotations?: ToolAnnotations;
  async?: boolean;
  groups?: readonly string[];
  maxResultSize?: number;
  permission?: PermissionExtractors;
  renderTransform?: RenderTransform;
  renderer?: unknown;
}

const WRAPPED_KEYS = new Set([
  'category',
  'name',
  'description',
  'summary',
  'source',
  'readOnly',
  'destructive',
  'annotations',
  'async',
  'groups',
  'maxResultSize',
  'permission',
  'renderTransform',
  'renderer',
]);

const SEGMENT = /^[A-Za-z0-9_.-]{1,64}$/;

/** Canonical text of a source schema; two schemas with equal text are the same contract. */
export function contractOf(inputSchema: WrappedToolSource['inputSchema']): string {
  return stableStringify(inputSchema as JsonObject);
}

/** Wraps an external tool under `category/name`, freezing its current input contract. */
export function wrapTool(definition: WrappedToolDefinition): Tool {
  const where = 'wrapTool';
  if (typeof definition !== 'object' || definition === null) {
    throw new TypeError(`${where}: expected a definition object, received ${typeof definition}`);
  }
  rejectUnknownKeys(where, definition, WRAPPED_KEYS);
  const category = checkText(where, 'category', definition.category);
  const shortName = checkText(where, 'name', definition.name);
  if (!SEGMENT.test(category) || !SEGMENT.test(shortName)) {
    throw new TypeError(`${where}: category and name must match ${SEGMENT}`);
  }
  const resolve = checkFunction<() => WrappedToolSource>(where, 'source', definition.source);
  if (resolve === undefined) throw new TypeError(`${where}: \`source\` is required`);
  const current = resolve();
  if (!isPlainObject(current?.inputSchema) || typeof current.call !== 'function') {
    throw new TypeError(`${where}: source() must return { inputSchema: object, call: function }`);
  }
  const inputSchema = copyJson(current.inputSchema as JsonObject) as Record<string, unknown>;
  delete inputSchema.$schema;
  if (inputSchema.type === undefined) inputSchema.type = 'object';
  const description = checkText(where, 'description', definition.description);
  const name = `${category}/${shortName}`;
  const handler: ToolHandler = (args, context) => resolve().call(args, context);
  return Object.freeze({
    name,
    description,
    summary:
      definition.summary === undefined
        ? summarize(description)
        : checkText(where, 'summary', definition.summary),
    category,
    groups: checkGroups(where, definition.groups),
    readOnly: checkBoolean(where, 'readOnly', definition.readOnly),
    destructive: checkBoolean(where, 'destructive', definition.destructive),
    annotations: checkAnnotations(where, definition.annotations),
    snapshot: false,
    async: checkBoolean(where, 'async', definition.async),
    maxResultSize: checkLimit(where, 'maxResultSize', definition.maxResultSize),
    inputSchema: frozenJsonCopy(inputSchema as JsonObject),
    semantics: Object.freeze({}),
    defaults: Object.freeze([]),
    permission: checkPermission<PermissionExtractors>(where, definition.permission),
    handler,
    renderTransform: checkFunction<RenderTransform>(
      where,
      'renderTransform',
      definition.renderTransform,
    ),
    renderer: definition.renderer,
    wrapped: Object.freeze({ contract: contractOf(current.inputSchema), resolve }),
  });
}
