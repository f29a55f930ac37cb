import { PipelineError } from './errors.js';
import { isPlainObject, type JsonObject } from './json.js';
import { isRenderData, withoutApprovals } from './render-data.js';
import type { MediaInput, MediaReference } from './tool-types.js';

/** A handler return after the handler boundary: canonical status and checked side channels. */
export interface NormalizedReturn {
  readonly status: 'success' | 'error';
  readonly result: unknown;
  readonly renderData: JsonObject | undefined;
  readonly media: readonly (MediaInput | MediaReference)[];
  readonly explicitStatus: boolean;
}

const NO_MEDIA: readonly MediaInput[] = Object.freeze([]);

function isMedia(value: unknown): value is MediaInput | MediaReference {
  if (!isPlainObject(value) || typeof value.mimeType !== 'string') return false;
  if (!('data' in value)) return typeof value.id === 'string';
  return typeof value.data === 'string' || value.data instanceof Uint8Array;
}

/** A handler result's canonical status: legacy `Error:` text is an error. */
export function classify(result: unknown): 'success' | 'error' {
  // Legacy `Error:` text is classified only here, at the handler boundary.
  return typeof result === 'string' && result.startsWith('Error:') ? 'error' : 'success';
}

/** Normalizes a handler's return; invalid envelopes and malformed render data become errors. */
export function normalizeReturn(
  toolName: string,
  value: unknown,
): { success: true; value: NormalizedReturn } | { success: false; error: PipelineError } {
  if (typeof value === 'string') {
    return {
      success: true,
      value: {
        status: classify(value),
        result: value,
        renderData: undefined,
        media: NO_MEDIA,
        explicitStatus: false,
      },
    };
  }
  if (!isPlainObject(value) || !('result' in value)) {
    return {
      success: false,
      error: new PipelineError(
        'invalid-result',
        `${toolName} returned an invalid result; expected a string or { result }.`,
      ),
    };
  }
  const { status, renderData, media } = value;
  if (status !== undefined && status !== 'success' && status !== 'error') {
    return {
      success: false,
      error: new PipelineError('invalid-result', `${toolName} returned an unknown status.`),
    };
  }
  if (renderData !== undefined && !isRenderData(renderData)) {
    return {
      success: false,
      error: new PipelineError(
        'invalid-render-data',
        `${toolName} returned malformed render data; expected a plain JSON object.`,
      ),
    };
  }
  if (media !== undefined && (!Array.isArray(media) || !media.every(isMedia))) {
    return {
      success: false,
      error: new PipelineError('invalid-result', `${toolName} returned malformed media.`),
    };
  }
  return {
    success: true,
    value: {
      status: status ?? classify(value.result),
      result: value.result,
      renderData: withoutApprovals(renderData as JsonObject | undefined),
      media: (media as (MediaInput | MediaReference)[] | undefined) ?? NO_MEDIA,
      explicitStatus: status !== undefined,
    },
  };
}
