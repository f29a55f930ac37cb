import { type OpenAITool, type Pipeline, toOpenAITool } from '@toolcall/pipeline';
import type { ToolSet } from '../tool-set.js';
import type { ReadableMediaSink } from './memory-media-sink.js';
import { runToolUse } from './run-tool-use.js';

export { createMemoryMediaSink, type ReadableMediaSink } from './memory-media-sink.js';
export { runToolUse, type ToolUse, type ToolUseResult } from './run-tool-use.js';

/** A message answering tool calls (assignable to `ChatCompletionMessageParam`). */
export type OpenAIToolMessage =
  | { role: 'tool'; tool_call_id: string; content: string }
  | {
      role: 'user';
      content: (
        | { type: 'text'; text: string }
        | { type: 'image_url'; image_url: { url: string } }
      )[];
    };

/** Options of `runOpenAIToolCalls`. */
export interface OpenAIToolCallOptions {
  /** Cancels every call still running. */
  readonly signal?: AbortSignal;
  /** The tool set's media sink (e.g. a session's `media`, or `createMemoryMediaSink()`). */
  readonly media?: Pick<ReadableMediaSink, 'read'>;
}

/** The tools a model is offered directly (`toolSet.native` by default), as Chat Completions tools. */
export function openAITools(
  toolSet: Pick<ToolSet, 'native'>,
  names?: readonly string[],
): OpenAITool[] {
  const offered =
    names === undefined
      ? toolSet.native
      : toolSet.native.filter((tool) => names.includes(tool.name));
  return offered.map((tool) => toOpenAITool(tool));
}

function inputOf(text: string): unknown {
  // Arguments that are not JSON go to the pipeline as they are: its repair and validation say
  // what is wrong with them, to the model.
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Runs the function calls of an assistant message (`message.tool_calls`) through the tool set,
 * at once, and resolves to the messages that answer them: one `tool` message per call, in
 * order, then — when results carry images, which tool messages cannot — one `user` message
 * with them.
 */
export async function runOpenAIToolCalls(
  toolSet: { readonly pipeline: Pipeline },
  toolCalls: readonly { readonly id: string; readonly type: string }[] | null | undefined,
  options: OpenAIToolCallOptions = {},
): Promise<OpenAIToolMessage[]> {
  const calls = (toolCalls ?? []).filter(
    (
      call,
    ): call is { id: string; type: 'function'; function: { name: string; arguments: string } } =>
      call.type === 'function',
  );
  const results = await Promise.all(
    calls.map((call) =>
      runToolUse(
        toolSet.pipeline,
        { id: call.id, name: call.function.name, input: inputOf(call.function.arguments) },
        options,
      ),
    ),
  );
  const messages: OpenAIToolMessage[] = results.map((result) => ({
    role: 'tool',
    tool_call_id: result.toolUseId,
    content:
      result.images.length === 0
        ? result.text
        : `${result.text}\n\n[${result.images.length} image(s) follow in the next message]`,
  }));
  const images = results.flatMap((result) =>
    result.images.length === 0
      ? []
      : [
          { type: 'text' as const, text: `Images from tool call ${result.toolUseId}:` },
          ...result.images.map((image) => ({
            type: 'image_url' as const,
            image_url: { url: `data:${image.mimeType};base64,${image.data}` },
          })),
        ],
  );
  if (images.length > 0) messages.push({ role: 'user', content: images });
  return messages;
}
