import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolRequest,
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import {
  describeToolCallProgress,
  type Pipeline,
  projectToolCall,
  type Tool,
  type ToolCallProgress,
} from '@toolcall/pipeline';
import { uniqueToolUseId } from '../session/session-layout.js';
import type { ReplyWatch } from './reply-watch.js';

/** What one connection's `tools/call` handler works with. */
export interface CallToolContext {
  readonly pipeline: Pipeline;
  /** The tools listed and callable directly. */
  readonly native: readonly Tool[];
  readonly replies: ReplyWatch;
  /** Receives ToolCall's live aggregates until the returned function is called. */
  subscribe(listener: (progress: ToolCallProgress) => void): () => void;
  /** The bytes of a media item the call attached, for an MCP image block. */
  readMedia(id: string): Promise<Uint8Array | undefined>;
  /** A ToolCall's reply has been written, or the client cancelled it: commit its checkpoint. */
  delivered(toolUseId: string): Promise<void>;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** How often a call with no nested progress tells the client it is still running. */
const HEARTBEAT_MS = 1000;

/** The error result of a call to a tool that is not offered directly. */
function notOffered(context: CallToolContext, name: string): CallToolResult {
  const known = context.pipeline.tools().some((tool) => tool.name === name);
  const offered = context.native.map((tool) => tool.name).join(', ');
  return {
    content: [
      {
        type: 'text',
        text: known
          ? `${name} is not offered directly: call it from ToolCall, e.g. (${name} …); ToolSearch shows its arguments.`
          : `Unknown tool ${name}; the tools offered are ${offered}.`,
      },
    ],
    isError: true,
  };
}

/**
 * Runs one `tools/call` through the pipeline and projects its outcome for the client:
 * oversized output persisted, media attached as image blocks. Progress goes out as
 * notifications (ToolCall's aggregate, or a heartbeat); the client's cancellation cancels the
 * run; a ToolCall's checkpoint is committed once its reply has been written.
 */
export async function callTool(
  context: CallToolContext,
  request: CallToolRequest,
  extra: Extra,
): Promise<CallToolResult> {
  const { pipeline } = context;
  const name = request.params.name;
  if (!context.native.some((tool) => tool.name === name)) return notOffered(context, name);
  // Unique across processes: servers sharing a session keep their checkpoints apart.
  const toolUseId = uniqueToolUseId('mcp');
  const reply = context.replies.begin(extra.requestId, extra.signal);
  let commit: (() => Promise<void>) | undefined;
  const token = request.params._meta?.progressToken;
  let settled = 0;
  const notify = (message: string) => {
    if (token === undefined) return;
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: settled, message },
      })
      .catch(() => {});
  };
  // Progress: ToolCall's aggregate each time it changes (`Read, Grep · 3 done · 1 cancelled ·
  // 1 waiting for approval`); `progress` counts the nested calls that have settled.
  const unsubscribe =
    token === undefined
      ? () => {}
      : context.subscribe((update) => {
          if (update.envelopeId !== toolUseId) return;
          settled = update.completed + update.failed + update.denied + update.cancelled;
          notify(describeToolCallProgress(update));
        });
  // A heartbeat keeps a client informed during a long call with no nested calls.
  const started = Date.now();
  const heartbeat =
    token === undefined
      ? undefined
      : setInterval(
          () => notify(`running ${name} (${Math.round((Date.now() - started) / 1000)} s)`),
          HEARTBEAT_MS,
        );
  heartbeat?.unref();
  const run = pipeline.runTool({ name, input: request.params.arguments ?? {}, toolUseId });
  const cancel = () => run.cancel();
  extra.signal.addEventListener('abort', cancel, { once: true });
  // Cancelled before the handler started (in the same read as the request): no abort event
  // will come.
  if (extra.signal.aborted) cancel();
  try {
    const outcome = await run.outcome;
    const projected =
      outcome.toolName === 'ToolCall'
        ? await projectToolCall(pipeline, outcome)
        : await pipeline.project(outcome);
    const images = await Promise.all(
      projected.media.map(async (reference) => {
        const bytes = await context.readMedia(reference.id);
        return bytes === undefined
          ? []
          : [
              {
                type: 'image' as const,
                data: Buffer.from(bytes).toString('base64'),
                mimeType: reference.mimeType,
              },
            ];
      }),
    );
    if (outcome.toolName === 'ToolCall') commit = () => context.delivered(toolUseId);
    return {
      content: [{ type: 'text', text: projected.text }, ...images.flat()],
      isError: projected.isError,
    };
  } finally {
    extra.signal.removeEventListener('abort', cancel);
    unsubscribe();
    if (heartbeat !== undefined) clearInterval(heartbeat);
    await reply.end(commit);
  }
}
