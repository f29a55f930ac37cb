import { type Tool as AiTool, jsonSchema, type ToolResultPart, tool } from 'ai';

type ToolResultOutput = ToolResultPart['output'];

import { createToolSet, type ToolSet, type ToolSetOptions } from '../tool-set.js';
import { AiSdkRuns, type PendingApproval } from './ai-sdk-runs.js';
import { createMemoryMediaSink, type ReadableMediaSink } from './memory-media-sink.js';
import { finishRun, type ResultImage } from './run-tool-use.js';

export type { PendingApproval } from './ai-sdk-runs.js';
export { createMemoryMediaSink, type ReadableMediaSink } from './memory-media-sink.js';

/** What a tool's `execute` returns: the projected text, the error flag and the images. */
export interface AiSdkToolOutput {
  readonly text: string;
  readonly isError: boolean;
  readonly images: readonly ResultImage[];
}

/** Options of `createAiSdkTools`: the tool set's options, plus how asks reach a person. */
export interface AiSdkToolsOptions extends ToolSetOptions {
  /**
   * `approval` (default): a call's permission question — a nested ToolCall call's included —
   * surfaces as the AI SDK's tool approval request, and the approval answers it; a later
   * question of the same call goes to `askUser` (denied without it). `ask-user`: every
   * question goes to `askUser` while the tool runs, and no tool needs approval.
   */
  readonly asks?: 'approval' | 'ask-user';
  /** Names offered to the model (default: the set's native tools). */
  readonly offer?: readonly string[];
  /** Where media is kept and read back (default: in memory until sent). */
  readonly media?: ReadableMediaSink;
}

/** AI SDK tools over a tool set, and the questions behind their approval requests. */
export interface AiSdkTools {
  /** Pass as `tools` to `generateText`, `streamText` or an agent. */
  readonly tools: Record<string, AiTool<Record<string, unknown>, AiSdkToolOutput>>;
  readonly toolSet: ToolSet;
  /**
   * The permission question behind the approval request of a tool call (`toolCall.toolCallId`
   * of a `tool-approval-request`): which call — for ToolCall, the nested one — with what input
   * and why. Approving answers it `allow-once`; denying cancels the call.
   */
  pendingApproval(toolCallId: string): PendingApproval | undefined;
  /** Cancels the calls still waiting on an approval, then closes the tool set. */
  close(): Promise<void>;
}

function modelOutput(output: AiSdkToolOutput): ToolResultOutput {
  if (output.images.length === 0) {
    return output.isError
      ? { type: 'error-text', value: output.text }
      : { type: 'text', value: output.text };
  }
  return {
    type: 'content',
    value: [
      { type: 'text', text: output.text },
      ...output.images.map((image) => ({
        type: 'image-data' as const,
        data: image.data,
        mediaType: image.mimeType,
      })),
    ],
  };
}

/**
 * Creates a tool set and its AI SDK tools in one call: each call runs through the pipeline
 * (validation, hooks, permissions, audit), permission questions map onto the SDK's approval
 * flow, images reach the model as image parts, and the SDK's abort signal cancels the call.
 */
export function createAiSdkTools(options: AiSdkToolsOptions): AiSdkTools {
  const { asks = 'approval', offer, media = createMemoryMediaSink(), ...setOptions } = options;
  if (asks !== 'approval' && asks !== 'ask-user') {
    throw new TypeError(
      `createAiSdkTools: asks must be 'approval' or 'ask-user', received ${String(asks)}`,
    );
  }
  let toolSet: ToolSet | undefined;
  const runs = new AiSdkRuns(() => toolSet!.pipeline, setOptions.askUser);
  toolSet = createToolSet({
    ...setOptions,
    media,
    ...(asks === 'approval' ? { askUser: runs.asker } : {}),
  });
  const set = toolSet;
  const offered =
    offer === undefined ? set.native : set.pipeline.tools().filter((t) => offer.includes(t.name));
  const tools: AiSdkTools['tools'] = {};
  for (const registered of offered) {
    const name = registered.name.replace(/\//g, '__');
    tools[name] = tool<Record<string, unknown>, AiSdkToolOutput>({
      description: registered.description,
      inputSchema: jsonSchema<Record<string, unknown>>(
        registered.inputSchema as Parameters<typeof jsonSchema>[0],
      ),
      ...(asks === 'approval'
        ? {
            onInputAvailable: ({ input, toolCallId, abortSignal, messages }) => {
              runs.cancelDenied(messages);
              runs.start(name, input, toolCallId, abortSignal);
            },
            needsApproval: (input, { toolCallId, messages }) => {
              runs.cancelDenied(messages);
              return runs.needsApproval(name, input, toolCallId);
            },
          }
        : {}),
      execute: (input, { toolCallId, abortSignal, messages }) => {
        runs.cancelDenied(messages);
        const run =
          asks === 'approval'
            ? runs.take(name, input, toolCallId, abortSignal)
            : set.pipeline.runTool({ name: registered.name, input, toolUseId: toolCallId });
        return finishRun(set.pipeline, run, { signal: abortSignal, media }).then(
          ({ text, isError, images }) => ({ text, isError, images }),
        );
      },
      toModelOutput: ({ output }) => modelOutput(output),
    });
  }
  return {
    tools,
    toolSet: set,
    pendingApproval: (toolCallId) => runs.pending(toolCallId),
    close: async () => {
      runs.cancelAll();
      await set.close();
    },
  };
}
