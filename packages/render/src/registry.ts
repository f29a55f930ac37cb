import type { DispatchStatus, Renderer, RendererSpec, RendererStatusMap } from './renderer.js';

/** Tool renderers by tool name, dispatched on a call's status. */
export interface RendererRegistry {
  /** Registers (or replaces) the renderer for `tool`; returns the registry. */
  register(tool: string, spec: RendererSpec): RendererRegistry;
  /** Removes the renderer for `tool`; returns whether one was registered. */
  unregister(tool: string): boolean;
  /** Whether `tool` has a renderer of its own: ask this, not `resolve`, before registering one. */
  has(tool: string): boolean;
  /**
   * The renderer for `tool` and `status`: the exact status, then `default`; undefined otherwise.
   * A decorating registry (such as @toolcall/tools' `withUnstartedRows`) may give one for every
   * tool: a renderer that returns null leaves the call to the generic row.
   */
  resolve(tool: string, status: DispatchStatus): Renderer | undefined;
}

const mapKeys = new Set(['success', 'error', 'default']);

function normalizeSpec(tool: string, spec: RendererSpec): RendererStatusMap {
  if (typeof spec === 'function') return { default: spec };
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new TypeError(
      `Renderer for ${JSON.stringify(tool)} must be a function or a {success, error, default} map, got ${typeof spec}`,
    );
  }
  const map: { -readonly [K in keyof RendererStatusMap]: Renderer } = {};
  for (const [key, value] of Object.entries(spec)) {
    if (!mapKeys.has(key) || typeof value !== 'function') {
      throw new TypeError(
        `Renderer map for ${JSON.stringify(tool)} takes only success, error and default functions, got ${key}: ${typeof value}`,
      );
    }
    map[key as keyof RendererStatusMap] = value as Renderer;
  }
  return map;
}

/** Creates a renderer registry, optionally seeded with `{ toolName: spec }`. */
export function createRendererRegistry(
  renderers: Readonly<Record<string, RendererSpec>> = {},
): RendererRegistry {
  const table = new Map<string, RendererStatusMap>();
  const registry: RendererRegistry = {
    register(tool, spec) {
      if (typeof tool !== 'string' || tool === '') {
        throw new TypeError(`Renderer tool name must be a non-empty string, got ${String(tool)}`);
      }
      table.set(tool, normalizeSpec(tool, spec));
      return registry;
    },
    unregister(tool) {
      return table.delete(tool);
    },
    has(tool) {
      return table.has(tool);
    },
    resolve(tool, status) {
      const map = table.get(tool);
      return map === undefined ? undefined : (map[status] ?? map.default);
    },
  };
  for (const [tool, spec] of Object.entries(renderers)) registry.register(tool, spec);
  return registry;
}
