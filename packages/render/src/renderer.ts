import type { RenderData, Rendering, RenderStatus } from './rendering.js';

/** The pipeline outcome a renderer was chosen for. */
export type DispatchStatus = 'success' | 'error';

/** Extra facts passed to a renderer beside the four contract arguments. */
export interface RenderContext {
  /** The row starts collapsed: the renderer may skip the body and child calls. */
  readonly summaryOnly: boolean;
  /** The status this renderer was dispatched on. */
  readonly status: DispatchStatus;
  /**
   * The call's own status, when it has one beyond success or error: `cancelled`, `denied` or
   * `interrupted` (a call the session ended before it settled), so a renderer can name it.
   */
  readonly callStatus?: RenderStatus;
  /** The tool-use id of the call. */
  readonly id: string;
}

/** A pure function from one call to its rendering; `null` asks for the generic renderer. */
export type Renderer = (
  name: string,
  args: unknown,
  result: unknown,
  renderData: RenderData | null,
  context: RenderContext,
) => Rendering | null;

/** Renderers chosen by the call's status; missing keys fall back to `default`, then generic. */
export interface RendererStatusMap {
  readonly success?: Renderer;
  readonly error?: Renderer;
  readonly default?: Renderer;
}

/** What a tool registers: one renderer, or one per status. */
export type RendererSpec = Renderer | RendererStatusMap;

/**
 * A wrapped tool's render transform: derives small render data from a successful string result
 * (before persistence and side-channel attachment); `null` attaches none. The pipeline runs it
 * only when the handler gave no render data, and checks its output with `validateRenderData`.
 */
export type RenderTransform = (name: string, args: unknown, result: string) => RenderData | null;
