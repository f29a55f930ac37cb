import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * A stdio transport whose `send` resolves once the message has been written out, and rejects
 * when it cannot be. The SDK's resolves as soon as the stream has taken the message, before
 * it is written, and waits for a `drain` that never comes once the stream has failed.
 */
export class WrittenStdioTransport extends StdioServerTransport {
  readonly #output: Writable;

  constructor(input: Readable, output: Writable) {
    super(input, output);
    this.#output = output;
  }

  override send(message: JSONRPCMessage): Promise<void> {
    // The callback runs once this chunk (and the ones before it) is flushed, or with the error.
    return new Promise((resolve, reject) => {
      this.#output.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }
}

/** A request the server is handling, as the reply watch knows it. */
interface Handled {
  cancelled: boolean;
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

/**
 * Watches what becomes of a server's replies, so that what a reply reports is committed only
 * once the client can have it. A client cancelling a request is told apart from the
 * connection closing, though either aborts the request's handler.
 */
export class ReplyWatch {
  readonly #handled = new Map<RequestId, Handled>();
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

  /** The handler of request `id` has started. */
  begin(id: RequestId): PendingReply {
    const handled: Handled = { cancelled: false };
    if (!this.#closed) this.#handled.set(id, handled);
    return {
      end: async (commit) => {
        // Gone once the connection has closed, unless cancelled: nothing is committed.
        if (this.#handled.get(id) !== handled) return;
        if (commit !== undefined && !handled.cancelled) {
          handled.commit = commit;
          return;
        }
        this.#handled.delete(id);
        if (handled.cancelled) await commit?.().catch(this.onCommitError);
      },
    };
  }

  #received(message: JSONRPCMessage): void {
    if (!isJSONRPCNotification(message) || message.method !== 'notifications/cancelled') return;
    const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
    const handled = id === undefined ? undefined : this.#handled.get(id);
    if (handled !== undefined) handled.cancelled = true;
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
    for (const [id, handled] of this.#handled) if (!handled.cancelled) this.#handled.delete(id);
  }
}

interface Observer {
  received(message: JSONRPCMessage): void;
  sent(id: RequestId, written: boolean): void;
  closed(): void;
}

/** A transport passing everything through to `inner`, telling the observer what it sees. */
class WatchedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  setProtocolVersion?: (version: string) => void;

  constructor(
    readonly inner: Transport,
    readonly observer: Observer,
  ) {
    inner.onmessage = (message, extra) => {
      // Seen before the server acts on it: a cancellation is known before the handler aborts.
      observer.received(message);
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => {
      observer.closed();
      this.onclose?.();
    };
    inner.onerror = (error) => this.onerror?.(error);
    if (inner.setProtocolVersion !== undefined) {
      this.setProtocolVersion = (version) => inner.setProtocolVersion?.(version);
    }
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const reply =
      isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message) ? message.id : undefined;
    try {
      await this.inner.send(message, options);
    } catch (error) {
      if (reply !== undefined) this.observer.sent(reply, false);
      throw error;
    }
    if (reply !== undefined) this.observer.sent(reply, true);
  }
}
