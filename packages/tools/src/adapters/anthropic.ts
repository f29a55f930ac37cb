import { type AnthropicTool, type Pipeline, toAnthropicTool } from '@toolcall/pipeline';
import type { ToolSet } from '../tool-set.js';
import type { ReadableMediaSink } from './memory-media-sink.js';
import { type ResultImage, runToolUse } from './run-tool-use.js';

export { createMemoryMediaSink, type ReadableMediaSink } from './memory-media-sink.js';
export { runToolUse, type ToolUse, type ToolUseResult } from './run-tool-use.js';

/** The image types the Messages API takes in an image block. */
type AnthropicImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

const IMAGE_TYPES = new Set<string>(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** A `tool_result` block (assignable to the Anthropic SDK's `ToolResultBlockParam`). */
export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  is_error: boolean;
  content: (
    | { type: 'text'; text: string }
    | {
        type: 'image';
        source: { type: 'base64'; media_type: AnthropicImageType; data: string };
      }
  )[];
}

/** Options of `runAnthropicToolUses`. */
export interface AnthropicToolUseOptions {
  /** Cancels every call still running. */
  readonly signal?: AbortSignal;
  /** The tool set's media sink (e.g. a session's `media`, or `createMemoryMediaSink()`). */
  readonly media?: Pick<ReadableMediaSink, 'read'>;
}

/** The tools a model is offered directly (`toolSet.native` by default), as Anthropic tools. */
export function anthropicTools(
  toolSet: Pick<ToolSet, 'native'>,
  names?: readonly string[],
): AnthropicTool[] {
  const offered =
    names === undefined
      ? toolSet.native
      : toolSet.native.filter((tool) => names.includes(tool.name));
  return offered.map((tool) => toAnthropicTool(tool));
}

function imageBlock(image: ResultImage): AnthropicToolResult['content'][number] {
  return {
    type: 'image',
    source: {
      type: 'base64',
      media_type: image.mimeType as AnthropicImageType,
      data: image.data,
    },
  };
}

/**
 * Runs every `tool_use` block of an assistant message's content through the tool set, at
 * once, and resolves to the `tool_result` blocks of the user message that answers it (text,
 * then image blocks), in the order of the calls.
 */
export async function runAnthropicToolUses(
  toolSet: { readonly pipeline: Pipeline },
  content: readonly { readonly type: string }[],
  options: AnthropicToolUseOptions = {},
): Promise<AnthropicToolResult[]> {
  const uses = content.filter(
    (block): block is { type: 'tool_use'; id: string; name: string; input: unknown } =>
      block.type === 'tool_use',
  );
  return Promise.all(
    uses.map(async (use) => {
      const result = await runToolUse(toolSet.pipeline, use, options);
      const images = result.images.filter((image) => IMAGE_TYPES.has(image.mimeType));
      const dropped = result.images.length - images.length;
      const text =
        dropped === 0
          ? result.text
          : `${result.text}\n\n[${dropped} attachment(s) of a type the Messages API does not take]`;
      return {
        type: 'tool_result' as const,
        tool_use_id: use.id,
        is_error: result.isError,
        content: [{ type: 'text' as const, text }, ...images.map(imageBlock)],
      };
    }),
  );
}
