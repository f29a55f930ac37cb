import {
  type Pipeline,
  type ProviderResult,
  projectToolCall,
  providerName,
  type ToolOutcome,
} from '@toolcall/pipeline';
import type { ReadableMediaSink } from './memory-media-sink.js';

/** An image a result carries, as base64 with its type. */
export interface ResultImage {
  readonly mimeType: string;
  /** Base64 of the bytes. */
  readonly data: string;
}

/** A projected result ready for a provider: the text, the error flag and the images. */
export interface ToolUseResult {
  readonly toolUseId: string;
  readonly isError: boolean;
  /** What the model reads (oversized output persisted, hook context and notes appended). */
  readonly text: string;
  readonly images: readonly ResultImage[];
  /** The structured outcome, for a harness's own rendering and audit. */
  readonly outcome: ToolOutcome;
}

/** One tool use as a provider names it (`category__name` for `category/name`). */
export interface ToolUse {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** Options of `runToolUse`. */
export interface RunToolUseOptions {
  /** Cancels the call: the pipeline settles it as cancelled and stops its processes. */
  readonly signal?: AbortSignal | undefined;
  /** Where the tool set stores media (its `media` option), read back for image blocks. */
  readonly media?: Pick<ReadableMediaSink, 'read'> | undefined;
}

/** The registered name behind a provider-safe name (`gh__search` → `gh/search`). */
export function toolNameOf(pipeline: Pick<Pipeline, 'tools'>, name: string): string {
  if (!name.includes('__')) return name;
  return pipeline.tools().find((tool) => providerName(tool) === name)?.name ?? name;
}

/** Runs one tool use through the pipeline and projects its outcome for a provider. */
export async function runToolUse(
  pipeline: Pipeline,
  use: ToolUse,
  options: RunToolUseOptions = {},
): Promise<ToolUseResult> {
  const run = pipeline.runTool({
    name: toolNameOf(pipeline, use.name),
    input: use.input,
    toolUseId: use.id,
  });
  return finishRun(pipeline, run, options);
}

/** Waits for a started run (cancelled by `signal`) and projects its outcome. */
export async function finishRun(
  pipeline: Pipeline,
  run: { readonly outcome: Promise<ToolOutcome>; cancel(): void },
  options: RunToolUseOptions,
): Promise<ToolUseResult> {
  const cancel = () => run.cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  if (options.signal?.aborted) cancel();
  try {
    const outcome = await run.outcome;
    const projected: ProviderResult =
      outcome.toolName === 'ToolCall'
        ? await projectToolCall(pipeline, outcome)
        : await pipeline.project(outcome);
    const images: ResultImage[] = [];
    const missing: string[] = [];
    for (const reference of projected.media) {
      const bytes = await options.media?.read(reference.id);
      if (bytes === undefined) missing.push(reference.mimeType);
      else
        images.push({ mimeType: reference.mimeType, data: Buffer.from(bytes).toString('base64') });
    }
    // The model is told when an image it was meant to see could not be attached.
    const note =
      missing.length === 0
        ? ''
        : `\n\n[${missing.length} attachment(s) (${missing.join(', ')}) could not be delivered]`;
    return {
      toolUseId: outcome.toolUseId,
      isError: projected.isError,
      text: projected.text + note,
      images,
      outcome,
    };
  } finally {
    options.signal?.removeEventListener('abort', cancel);
  }
}
