import type { ToolOutcome } from './outcome.js';
import {
  effectiveLimit,
  persistedNotice,
  truncatedError,
  unavailableNotice,
} from './persistence.js';
import type { ArtifactStore } from './ports.js';
import type { MediaReference } from './tool-types.js';

/**
 * Why an oversized result reached the provider truncated rather than persisted: an error
 * (never persisted), no `ArtifactStore` given to the pipeline, or the store failed to keep it.
 */
export type TruncationReason = 'error' | 'no-store' | 'store-failed';

/**
 * How a result's text went to the provider, and its length before projection (`characters`,
 * counted as the output limit counts them: UTF-16 code units of the result text, without the
 * appended hook context and notes).
 * - `inline`: it fit, or its tool declares no limit; the provider got it whole.
 * - `truncated`: it was too long and the provider got a head-and-tail preview only; the rest
 *   was kept nowhere (`reason` says why).
 * - `persisted`: it was too long, was stored once at `artifact`, and the provider got a
 *   preview with that address to read on.
 */
export type ResultDelivery =
  | { readonly mode: 'inline'; readonly characters: number }
  | { readonly mode: 'truncated'; readonly characters: number; readonly reason: TruncationReason }
  | { readonly mode: 'persisted'; readonly characters: number; readonly artifact: string };

/** What a provider receives for one call: text, error flag and media, never render data. */
export interface ProviderResult {
  readonly toolUseId: string;
  readonly isError: boolean;
  readonly text: string;
  readonly media: readonly MediaReference[];
  /** The artifact address when the full text was persisted (as `delivery.artifact`). */
  readonly artifact: string | undefined;
  /** How the result's text was delivered: inline, truncated or persisted. */
  readonly delivery: ResultDelivery;
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

function describeAddress(address: unknown): string {
  if (address === '') return 'an empty string';
  if (address === null || address === undefined) return String(address);
  if (typeof address === 'object') return `a ${address.constructor?.name ?? 'plain'} object`;
  return `a ${typeof address}`;
}

/**
 * Projects an outcome for a provider: persists oversized success text once (or says it is
 * unavailable), truncates oversized errors, then appends hook context, the repair note and the
 * conversation's waiting background messages.
 */
export async function projectOutcome(
  outcome: ToolOutcome,
  options: {
    maxResultSize: number | undefined;
    artifacts: ArtifactStore | undefined;
    feedback?: readonly string[];
    onWarning?: (message: string) => void;
    /** Takes the conversation's waiting background messages, appended last. */
    takeMail?: () => string | undefined;
  },
): Promise<ProviderResult> {
  let text = textOf(outcome.result);
  const characters = text.length;
  let delivery: ResultDelivery = { mode: 'inline', characters };
  const limit = effectiveLimit(options.maxResultSize);
  if (limit !== undefined && text.length > limit) {
    if (outcome.status === 'error') {
      text = truncatedError(text);
      delivery = { mode: 'truncated', characters, reason: 'error' };
    } else if (options.artifacts === undefined) {
      text = unavailableNotice(text);
      delivery = { mode: 'truncated', characters, reason: 'no-store' };
    } else {
      try {
        const stored = await options.artifacts.put({
          text,
          toolName: outcome.toolName,
          toolUseId: outcome.toolUseId,
        });
        const address: unknown = stored?.address;
        if (typeof address !== 'string' || address === '') {
          throw new Error(
            `the artifact store returned ${describeAddress(address)} as its address; expected a non-empty address string`,
          );
        }
        text = persistedNotice(text, address);
        delivery = { mode: 'persisted', characters, artifact: address };
      } catch (error) {
        options.onWarning?.(
          `The oversized result could not be stored: ${(error as Error)?.message ?? String(error)}`,
        );
        text = unavailableNotice(text);
        delivery = { mode: 'truncated', characters, reason: 'store-failed' };
      }
    }
  }
  const tail: string[] = [...feedbackOf(outcome), ...(options.feedback ?? [])];
  // Taken after every step that can wait, so mail leaves its box only for a result that is
  // about to be returned.
  const mail = options.takeMail?.();
  if (mail !== undefined && mail !== '') tail.push(mail);
  if (tail.length > 0) text = text === '' ? tail.join('\n\n') : `${text}\n\n${tail.join('\n\n')}`;
  return {
    toolUseId: outcome.toolUseId,
    isError: outcome.status === 'error',
    text,
    media: outcome.media.map((item) => ({ ...item })),
    artifact: delivery.mode === 'persisted' ? delivery.artifact : undefined,
    delivery,
  };
}
