import type { ExecManager } from '@toolcall/exec';
import type { EventMailbox, HandlerContext } from '@toolcall/pipeline';
import { ROOT_OWNER } from '../root-owner.js';
import { type BacklogLimits, DEFAULT_BACKLOG_LIMITS, EventBacklog } from './event-backlog.js';
import { completionEvent, identityContext, monitorEvent } from './event-records.js';
import { formatDelivery } from './event-text.js';
import type { EventDelivery, ToolSetEvent, ToolSetEvents } from './event-types.js';

/** Options of `createToolSetEvents`. */
export interface ToolSetEventsOptions {
  /** The process manager whose Monitor and completion mailboxes feed the events. */
  readonly exec: Pick<ExecManager, 'completions' | 'monitors'>;
  /** The owner of a top-level call, from its identity (default: every call is `/root`'s). */
  readonly ownerOf?: (context: HandlerContext) => string;
  /** Bounds of each conversation's backlog (default `DEFAULT_BACKLOG_LIMITS`). */
  readonly limits?: Partial<BacklogLimits>;
}

/** The events of a tool set, the pipeline port that delivers them, and the teardown of both. */
export interface ToolSetEventHub extends ToolSetEvents {
  /** Pass to `createPipeline({ mailbox })`. */
  readonly mailbox: EventMailbox;
  /** Stops listening to the manager. */
  close(): void;
}

function limitsOf(given: Partial<BacklogLimits> | undefined): BacklogLimits {
  if (
    given !== undefined &&
    (typeof given !== 'object' || given === null || Array.isArray(given))
  ) {
    throw new TypeError(
      `event backlog must be an object { maxEvents?, maxCharacters? }, received ${String(given)}`,
    );
  }
  const limits = { ...DEFAULT_BACKLOG_LIMITS, ...given };
  for (const key of ['maxEvents', 'maxCharacters'] as const) {
    const value = limits[key];
    if (!Number.isInteger(value) || value < 1) {
      throw new TypeError(
        `event backlog ${key} must be a positive integer, received ${String(value)}`,
      );
    }
  }
  return Object.freeze(limits);
}

/**
 * Turns a manager's Monitor lines and background completions into tool-set events: each goes to
 * every listener at once and waits, bounded, in its owner's backlog until the owner's next
 * top-level result is projected (or a host takes it), so the model gets it exactly once.
 */
export function createToolSetEvents(options: ToolSetEventsOptions): ToolSetEventHub {
  const { exec } = options;
  const ownerOf = options.ownerOf ?? (() => ROOT_OWNER);
  const limits = limitsOf(options.limits);
  const backlog = new EventBacklog(limits);
  const listeners = new Set<(event: ToolSetEvent) => void>();
  let sequence = 0;
  const publish = (event: ToolSetEvent) => {
    backlog.push(
      event.owner,
      event.texts.map((text) => ({ text, kind: event.type === 'monitor-lines' ? 'line' : 'end' })),
    );
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch {
        // A surface's failure must not cost the model its events or the other surfaces theirs.
      }
    }
  };
  const take = (owner: string): EventDelivery | undefined => {
    // The manager's own queues count a Monitor's unread bytes for its flood limit: what the
    // model now reads is read.
    exec.monitors.take(owner);
    exec.completions.take(owner);
    const waiting = backlog.take(owner);
    if (waiting === undefined || waiting.records.length === 0) return undefined;
    const texts = waiting.records.map((record) => record.text);
    return Object.freeze({
      text: formatDelivery({ texts, dropped: waiting.dropped, limits }),
      events: texts.length,
      dropped: waiting.dropped,
    });
  };
  const stops = [
    exec.monitors.subscribe((record) => publish(monitorEvent(record, ++sequence))),
    exec.completions.subscribe((record) => publish(completionEvent(record, ++sequence))),
    exec.monitors.onDiscard((owner) => backlog.discard(owner)),
    exec.completions.onDiscard((owner) => backlog.discard(owner)),
  ];
  return {
    subscribe(listener) {
      if (typeof listener !== 'function') {
        throw new TypeError(
          `events.subscribe: listener must be a function, received ${String(listener)}`,
        );
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    take,
    pending: (owner) => backlog.size(owner),
    mailbox: { take: (call) => take(ownerOf(identityContext(call)))?.text },
    close() {
      for (const stop of stops.splice(0)) stop();
      listeners.clear();
    },
  };
}
