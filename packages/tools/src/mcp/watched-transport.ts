import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** What a watched transport reports: messages received, replies sent, and its closing. */
export interface TransportObserver {
  received(message: JSONRPCMessage): void;
  sent(id: RequestId, written: boolean): void;
  closed(): void;
}

/** A transport passing everything through to `inner`, telling the observer what it sees. */
export class WatchedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  setProtocolVersion?: (version: string) => void;

  constructor(
    readonly inner: Transport,
    readonly observer: TransportObserver,
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
