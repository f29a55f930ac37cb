import type { ToolOutcome } from './outcome.js';
import {
  effectiveLimit,
  persistedNotice,
  truncatedError,
  unavailableNotice,
} from './persistence.js';
import type { ArtifactStore } from './ports.js';
import type { MediaReference } from './tool-types.js';

/** What a provider receives for one call: text, error flag and media, never render data. */
export interface ProviderResult {
  readonly toolUseId: string;
  readonly isError: boolean;
  readonly text: string;
  readonly media: readonly MediaReference[];
  /** The artifact address when the full text was persisted. */
  readonly artifact: string | undefined;
}

function textOf(result: unknown): string {
  if (typeof result === 'string') return result;
  if (result === undefined) return '';
  try {
    return JSON.stringify(result) ?? String(result);
  } catch {
    return String(result);
  }
}

/**
 * The provider-only feedback of an outcome: hook context, then the repair note. A ToolCall
 * driver forwards its children's feedback to the envelope's projection with `feedback`.
 */
export function feedbackOf(outcome: ToolOutcome): string[] {
  const feedback = [...outcome.context];
  if (outcome.repairNote !== undefined) feedback.push(outcome.repairNote);
  return feedback;
}

/**
 * The tool whose output limit applies to an outcome: a direct ToolCall (one call as the whole
 * script) is that tool's call, so its own limit applies, not the envelope's.
 */
export function limitingToolName(outcome: ToolOutcome): string {
  const data = outcome.renderData;
  return outcome.toolName === 'ToolCall' &&
    data?.kind === 'toolcall' &&
    data.presentation === 'direct' &&
    typeof data.renderAs === 'string'
    ? data.renderAs
    : outcome.toolName;
}

/**
 * Projects an outcome for a provider: persists oversized success text once (or says it is
 * unavailable), truncates oversized errors, then appends hook context and the repair note.
 */
export async function projectOutcome(
  outcome: ToolOutcome,
  options: {
    maxResultSize: number | undefined;
    artifacts: ArtifactStore | undefined;
    feedback?: readonly string[];
    onWarning?: (message: string) => void;
  },
): Promise<ProviderResult> {
  let text = textOf(outcome.result);
  let artifact: string | undefined;
  const limit = effectiveLimit(options.maxResultSize);
  if (limit !== undefined && text.length > limit) {
    if (outcome.status === 'error') {
      text = truncatedError(text);
    } else if (options.artifacts === undefined) {
      text = unavailableNotice(text);
    } else {
      try {
        const stored = await options.artifacts.put({
          text,
          toolName: outcome.toolName,
          toolUseId: outcome.toolUseId,
        });
        artifact = stored.address;
        text = persistedNotice(text, stored.address);
      } catch (error) {
        options.onWarning?.(
          `The oversized result could not be stored: ${(error as Error)?.message ?? String(error)}`,
        );
        text = unavailableNotice(text);
      }
    }
  }
  const tail: string[] = [...feedbackOf(outcome), ...(options.feedback ?? [])];
  if (tail.length > 0) text = text === '' ? tail.join('\n\n') : `${text}\n\n${tail.join('\n\n')}`;
  return {
    toolUseId: outcome.toolUseId,
    isError: outcome.status === 'error',
    text,
    media: outcome.media.map((item) => ({ ...item })),
    artifact,
  };
}
