import { join } from 'node:path';
import {
  type Catalog,
  createCatalog,
  createPipeline,
  createToolCallDriver,
  createToolCallTool,
  createToolSearchTool,
  ENVELOPE_TOOLS,
  type HookRegistration,
  type MediaSink,
  type PermissionAsker,
  type PermissionMode,
  type PermissionRule,
  type Pipeline,
  type Tool,
} from '@toolcall/pipeline';
import { commandHook, createFileCheckpointStore } from '@toolcall/pipeline/node';
import { builtinRenderers, createRendererRegistry, type RendererRegistry } from '@toolcall/render';
import { createWebFetchTool, createWebSearchTool, webRenderers } from '@toolcall/tools';
import type { Config } from './config.js';
import { toolCallRenderer } from './toolcall-renderer.js';

/**
 * Options of the CLI's tool set; the same shape as `createToolSet` in @toolcall/tools, which
 * replaces this file's body once the file and execution tools are merged.
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
}

/** Builds the pipeline with every tool main has today: WebFetch, WebSearch, ToolSearch, ToolCall. */
export function buildToolSet(options: CliToolSetOptions): CliToolSet {
  const hooks: HookRegistration[] = options.hooks.map((hook) =>
    commandHook({
      event: hook.event,
      command: hook.command,
      ...(hook.matcher === undefined ? {} : { matcher: hook.matcher }),
      ...(hook.timeoutMs === undefined ? {} : { timeoutMs: hook.timeoutMs }),
    }),
  );
  let pipeline: Pipeline | undefined;
  const webFetch = createWebFetchTool({
    decideNow: (request) => pipeline!.decideNow(request),
    ...(options.loopbackIsPublic ? { treatLoopbackAsPublic: true } : {}),
  });
  pipeline = createPipeline({
    tools: [webFetch, createWebSearchTool() as unknown as Tool, ...(options.extraTools ?? [])],
    mode: options.permissions.mode,
    rules: options.permissions.rules,
    ...(options.askUser === undefined ? {} : { asker: options.askUser }),
    hooks,
    media: options.media,
    hookSession: { session_id: options.session.id, cwd: options.workspace },
  });
  const registered = pipeline;
  const catalog = () =>
    createCatalog({
      tools: registered.tools(),
      native: registered
        .tools()
        .map((tool) => tool.name)
        .filter((name) => !ENVELOPE_TOOLS.has(name)),
      composable: [...(options.composable ?? [])],
    });
  const driver = createToolCallDriver({
    pipeline,
    checkpoints: createFileCheckpointStore(join(options.session.directory, 'toolcall')),
  });
  pipeline.register(createToolSearchTool({ catalog }));
  pipeline.register(createToolCallTool({ driver, catalog }));
  const renderers = createRendererRegistry({ ...builtinRenderers, ...webRenderers });
  renderers.register('ToolCall', toolCallRenderer(renderers));
  return { pipeline, renderers, catalog };
}
