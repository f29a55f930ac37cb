import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCNotification,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { WatchedTransport } from './watched-transport.js';

/** A request the server is handling, as the reply watch knows it. */
interface Handled {
  /** Its handler's signal: aborted when the client cancelled it or the connection closed. */
  readonly signal: AbortSignal;
  /** What runs once the reply is written; set when the handler ends. */
  commit?: () => Promise<void>;
}

/** The handle of one request being handled: see `ReplyWatch.begin`. */
export interface PendingReply {
  /**
   * The handler has ended: `commit` runs once its reply has been written, or at once when the
   * client cancelled the request (it expects no reply); never when the reply cannot be
   * written or the connection closes first.
   */
  end(commit?: () => Promise<void>): Promise<void>;
}

/** Cancellations kept for requests whose handlers have not ended: a bound on stray ones. */
const MAX_CANCELLATIONS = 1024;

/**
 * Watches what becomes of a server's replies, so that what a reply reports is committed only
 * once the client can have it. A client cancelling a request is told apart from the
 * connection closing, though either aborts the request's handler: a request counts as
 * cancelled when the client sent `notifications/cancelled` for it and its handler's signal
 * aborted (the server acted on it). The cancellation may arrive before the handler starts,
 * in the same read as the request.
 */
export class ReplyWatch {
  readonly #handled = new Map<RequestId, Handled>();
  /** Ids the client cancelled, in arrival order. */
  readonly #cancelled = new Set<RequestId>();
  #closed = false;

  /** @param onCommitError Told when a commitment fails. */
  constructor(readonly onCommitError: (error: unknown) => void = () => {}) {}

  /** `transport` with its replies and incoming cancellations watched; give it to `connect`. */
  watch(transport: Transport): Transport {
    return new WatchedTransport(transport, {
      received: (message) => this.#received(message),
      sent: (id, written) => this.#sent(id, written),
      closed: () => this.#close(),
    });
  }

  /** The handler of request `id`, whose abort signal is `signal`, has started. */
  begin(id: RequestId, signal: AbortSignal): PendingReply {
    const handled: Handled = { signal };
    if (!this.#closed) this.#handled.set(id, handled);
    return {
      end: async (commit) => {
        const cancelled = signal.aborted && this.#cancelled.delete(id);
        // Gone once the connection has closed, unless cancelled: nothing is committed.
        if (this.#handled.get(id) !== handled) {
          if (cancelled) await commit?.().catch(this.onCommitError);
          return;
        }
        if (commit !== undefined && !signal.aborted) {
          handled.commit = commit;
          return;
        }
        this.#handled.delete(id);
        // Aborted without a cancellation: the connection closed, and no reply goes out.
        if (cancelled) await commit?.().catch(this.onCommitError);
      },
    };
  }

  #received(message: JSONRPCMessage): void {
    if (!isJSONRPCNotification(message) || message.method !== 'notifications/cancelled') return;
    const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
    if (id === undefined) return;
    this.#cancelled.add(id);
    if (this.#cancelled.size > MAX_CANCELLATIONS) {
      const oldest = this.#cancelled.values().next().value as RequestId;
      this.#cancelled.delete(oldest);
    }
  }

  #sent(id: RequestId, written: boolean): void {
    const handled = this.#handled.get(id);
    if (handled?.commit === undefined) return;
    this.#handled.delete(id);
    if (written) handled.commit().catch(this.onCommitError);
  }

  #close(): void {
    this.#closed = true;
    // No reply goes out any more; a call the client cancelled still commits when it ends.
    this.#handled.clear();
  }
}
