import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createExecManager, defaultProtectedPaths } from '@toolcall/exec';
import {
  type Catalog,
  createCatalog,
  createToolCallDriver,
  createToolCallTool,
  createToolSearchTool,
  type HookRegistration,
  type MediaSink,
  type PermissionAsker,
  type PermissionMode,
  type PermissionRule,
  type Pipeline,
  type Tool,
} from '@toolcall/pipeline';
import { commandHook, createFileCheckpointStore } from '@toolcall/pipeline/node';
import { builtinRenderers, type RendererRegistry } from '@toolcall/render';
import { createToolSet, DISCOVERABLE_GROUPS, NATIVE_TOOLS } from '@toolcall/tools';
import type { Config } from './config.js';
import { readScopeHook } from './read-scope-hook.js';
import { createSessionArtifacts } from './session-artifacts.js';
import { toolCallRenderer } from './toolcall-renderer.js';

/**
 * Options of the CLI's tool set: `createToolSet`'s, plus the session directory, the tools the
 * CLI adds and the names admitted for composition.
 */
export interface CliToolSetOptions {
  readonly workspace: string;
  readonly session: { readonly id: string; readonly directory: string };
  readonly sandbox: 'off' | 'best-effort' | 'required';
  readonly permissions: {
    readonly mode: PermissionMode;
    readonly rules: readonly PermissionRule[];
  };
  readonly askUser: PermissionAsker | undefined;
  readonly hooks: NonNullable<Config['hooks']>;
  /** Where media (images) land: the session directory. */
  readonly media: MediaSink;
  /** Wrapped tools (upstream MCP servers) and the ones admitted for composition. */
  readonly extraTools?: readonly Tool[];
  readonly composable?: readonly string[];
  /** Counts loopback hosts as public for WebFetch (tests serve on 127.0.0.1). */
  readonly loopbackIsPublic?: boolean;
}

/** The pipeline, the renderers of its tools, and the catalog ToolCall composes from. */
export interface CliToolSet {
  readonly pipeline: Pipeline;
  readonly renderers: RendererRegistry;
  /** The catalog ToolCall composes from (every registered tool but the envelopes). */
  readonly catalog: () => Catalog;
  /** Stops every process the tool set started. */
  close(): Promise<void>;
}

// The session store lives under the CLI's session directory, not the exec default.
function protectedPaths(workspace: string, sessionDirectory: string): string[] {
  return defaultProtectedPaths({
    home: homedir(),
    workspaceRoot: workspace,
    sessionStore: dirname(sessionDirectory),
  });
}

/** The group of upstream MCP tools, discoverable through ToolSearch and callable from ToolCall. */
export const UPSTREAM_GROUP = 'upstream';

/**
 * Builds the tool set: `createToolSet` (Read, Glob, Grep, ApplyPatch) plus WebFetch, WebSearch
 * and the upstream tools, with ToolSearch and ToolCall registered again over a catalog that
 * holds them all (createToolSet's catalog names only its own native tools).
 */
export function buildToolSet(options: CliToolSetOptions): CliToolSet {
  const hooks: HookRegistration[] = options.hooks.map((hook) =>
    commandHook({
      event: hook.event,
      command: hook.command,
      ...(hook.matcher === undefined ? {} : { matcher: hook.matcher }),
      ...(hook.timeoutMs === undefined ? {} : { timeoutMs: hook.timeoutMs }),
    }),
  );
  const exec = createExecManager({
    workspaceRoot: options.workspace,
    sandbox: options.sandbox,
    protectedPaths: protectedPaths(options.workspace, options.session.directory),
  });
  const checkpoints = createFileCheckpointStore(join(options.session.directory, 'toolcall'));
  let registered: Pipeline | undefined;
  hooks.unshift(readScopeHook(options.workspace, () => registered!));
  const set = createToolSet({
    workspace: options.workspace,
    session: { id: options.session.id },
    sandbox: options.sandbox,
    permissions: options.permissions,
    ...(options.askUser === undefined ? {} : { askUser: options.askUser }),
    hooks,
    media: options.media,
    artifacts: createSessionArtifacts(options.session.directory),
    exec,
    checkpoints,
    ...(options.loopbackIsPublic ? { web: { fetch: { treatLoopbackAsPublic: true } } } : {}),
  });
  const { pipeline } = set;
  registered = pipeline;
  for (const tool of options.extraTools ?? []) pipeline.register(tool);
  // Upstream tools join ToolCall's roster through their group; createToolSet's own catalog
  // does not know that group or which wrapped tools are composable, so the envelopes are
  // registered again over this catalog.
  const catalog = () =>
    createCatalog({
      tools: pipeline.tools(),
      native: [...NATIVE_TOOLS],
      discoverable: [...DISCOVERABLE_GROUPS, UPSTREAM_GROUP],
      composable: [...(options.composable ?? [])],
    });
  if ((options.extraTools ?? []).length > 0) {
    const driver = createToolCallDriver({ pipeline, checkpoints });
    pipeline.register(createToolSearchTool({ catalog }));
    pipeline.register(createToolCallTool({ driver, catalog }));
  }
  const renderers = set.renderers;
  for (const [name, spec] of Object.entries(builtinRenderers)) {
    if (renderers.resolve(name, 'success') === undefined) renderers.register(name, spec);
  }
  renderers.register('ToolCall', toolCallRenderer(renderers));
  return { pipeline, renderers, catalog, close: () => exec.teardown() };
}
