import type {
  PermissionAnswer,
  PermissionAsker,
  PermissionRequest,
  Pipeline,
  ToolRun,
} from '@toolcall/pipeline';
import { toolNameOf } from './run-tool-use.js';

/** The permission question behind a tool approval request: a direct call's, or a nested one's. */
export type PendingApproval = Omit<PermissionRequest, 'signal'>;

/** A call the adapter started: its run, and the one question its approval request carries. */
interface LiveRun {
  readonly run: ToolRun;
  /** The question held for the approval request, with the answer's resolver. */
  held?: { readonly request: PendingApproval; readonly answer: (a: PermissionAnswer) => void };
  /** Whether this call has held its one question (later ones are answered in-band). */
  asked: boolean;
  /** Resolves once the call cannot ask any more before its approval is decided. */
  readonly decided: Promise<void>;
  decide(): void;
}

/**
 * The calls an AI SDK adapter has started, by tool call id. Each call runs from its first
 * callback; the first permission question it raises is held and surfaces as the SDK's tool
 * approval request, and the approval answers it.
 */
export class AiSdkRuns {
  readonly #live = new Map<string, LiveRun>();
  readonly #pipeline: () => Pipeline;
  readonly #fallback: PermissionAsker | undefined;

  constructor(pipeline: () => Pipeline, fallback: PermissionAsker | undefined) {
    this.#pipeline = pipeline;
    this.#fallback = fallback;
  }

  /** The asker the tool set is given: holds a call's first question, else asks in-band. */
  readonly asker: PermissionAsker = (request) => {
    const live = this.#live.get(request.toolUseId) ?? this.#live.get(request.parentId ?? '');
    if (live === undefined || live.asked) return this.#inBand(request);
    live.asked = true;
    return new Promise<PermissionAnswer>((resolve) => {
      const { signal: _signal, ...held } = request;
      live.held = { request: held, answer: resolve };
      live.decide();
    });
  };

  #inBand(request: PermissionRequest): PermissionAnswer | PromiseLike<PermissionAnswer> {
    if (this.#fallback !== undefined) return this.#fallback(request);
    return {
      outcome: 'deny',
      reason: `${request.toolName} needs approval (${request.reason}) and this tool call's one approval request was already made: make the call again on its own to be asked`,
    };
  }

  /** Starts the call once (its first callback), cancelled by `signal`. */
  start(name: string, input: unknown, toolCallId: string, signal?: AbortSignal): LiveRun {
    const known = this.#live.get(toolCallId);
    if (known !== undefined) return known;
    let decide = () => {};
    const decided = new Promise<void>((resolve) => {
      decide = resolve;
    });
    const pipeline = this.#pipeline();
    const toolName = toolNameOf(pipeline, name);
    const live: LiveRun = { asked: false, decided, decide, run: undefined as unknown as ToolRun };
    this.#live.set(toolCallId, live);
    // A direct call other than ToolCall can ask only before its permission passes.
    const unsubscribe =
      toolName === 'ToolCall'
        ? () => {}
        : pipeline.subscribe((event) => {
            if (event.type === 'permission-approved' && event.toolUseId === toolCallId) decide();
          });
    const run = pipeline.runTool({ name: toolName, input, toolUseId: toolCallId });
    (live as { run: ToolRun }).run = run;
    void run.outcome.finally(() => {
      unsubscribe();
      decide();
    });
    if (signal !== undefined) {
      if (signal.aborted) run.cancel();
      else signal.addEventListener('abort', () => run.cancel(), { once: true });
    }
    return live;
  }

  /** Whether the call waits on a question its approval request must answer. */
  async needsApproval(name: string, input: unknown, toolCallId: string): Promise<boolean> {
    const live = this.start(name, input, toolCallId);
    await live.decided;
    return live.held !== undefined;
  }

  /** The question held for a call's approval request, if any. */
  pending(toolCallId: string): PendingApproval | undefined {
    return this.#live.get(toolCallId)?.held?.request;
  }

  /** The call's approval was granted (or never needed): answer its question, hand its run over. */
  take(name: string, input: unknown, toolCallId: string, signal?: AbortSignal): ToolRun {
    const live = this.start(name, input, toolCallId, signal);
    live.held?.answer('allow-once');
    live.held = undefined;
    this.#live.delete(toolCallId);
    return live.run;
  }

  /** Cancels the calls whose approval requests the conversation denied. */
  cancelDenied(messages: readonly unknown[]): void {
    if (this.#live.size === 0) return;
    const callOf = new Map<string, string>();
    for (const part of partsOf(messages)) {
      if (part.type === 'tool-approval-request' && typeof part.approvalId === 'string') {
        callOf.set(part.approvalId, (part.toolCall as { toolCallId?: string })?.toolCallId ?? '');
      }
    }
    for (const part of partsOf(messages)) {
      if (part.type !== 'tool-approval-response' || part.approved !== false) continue;
      this.cancel(callOf.get(part.approvalId as string) ?? '');
    }
  }

  /** Cancels a call the adapter holds. */
  cancel(toolCallId: string): void {
    const live = this.#live.get(toolCallId);
    if (live === undefined) return;
    this.#live.delete(toolCallId);
    live.run.cancel();
  }

  /** Cancels every call still held. */
  cancelAll(): void {
    for (const id of [...this.#live.keys()]) this.cancel(id);
  }
}

function partsOf(messages: readonly unknown[]): Record<string, unknown>[] {
  return messages.flatMap((message) => {
    const content = (message as { content?: unknown })?.content;
    return Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
  });
}
