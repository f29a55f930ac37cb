import type { Readable, Writable } from 'node:stream';
import { createLineReader, describeBytes, sniffRequestId } from '@toolcall/tools';
import { describeIssues, type Message, messageSchema, RPC_ERRORS } from './protocol.js';

/** A failure Emacs answered a bridge request with. */
export class RemoteError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'RemoteError';
    this.code = code;
  }
}

type Incoming =
  | { kind: 'request'; id: string | number; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string; params: Record<string, unknown> };

/** One line-delimited JSON-RPC 2.0 peer over a pair of streams. */
export interface Connection {
  /**
   * Writes one message; `onWritten` runs once the output took the whole line, never when the
   * write failed or the connection has ended.
   */
  send(message: Record<string, unknown>, onWritten?: () => void): void;
  notify(method: string, params: Record<string, unknown>): void;
  request(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<unknown>;
  closed: Promise<void>;
}

/**
 * Reads one JSON object per line, answers malformed lines with errors and hands the rest on. A
 * line longer than `maxLineBytes` (default 10 MiB) is answered with an Invalid Request error
 * naming the limit, and reading goes on at the next line.
 */
export function createConnection(options: {
  input: Readable;
  output: Writable;
  onMessage: (message: Incoming) => void;
  maxLineBytes?: number;
  /** Ends the connection as its input closing would (a host stopping on a signal). */
  signal?: AbortSignal;
}): Connection {
  const { input, output, onMessage, maxLineBytes, signal } = options;
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;

  // Set once the output failed (its reader went away): nothing more is written.
  let broken = false;
  const send = (message: Record<string, unknown>, onWritten?: () => void) => {
    if (broken) return;
    output.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`, (error) => {
      if (error == null && !broken) onWritten?.();
    });
  };
  const fail = (requestId: string | number | null, code: number, message: string) =>
    send({ id: requestId, error: { code, message } });

  const handleLine = (line: string) => {
    if (line.trim() === '') return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (error) {
      fail(null, RPC_ERRORS.parseError, `Parse error: ${(error as Error).message}`);
      return;
    }
    const parsed = messageSchema.safeParse(raw);
    if (!parsed.success) {
      const rawId = (raw as { id?: unknown } | null)?.id;
      const replyId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
      fail(replyId, RPC_ERRORS.invalidRequest, `Invalid request: ${describeIssues(parsed.error)}`);
      return;
    }
    dispatch(parsed.data);
  };

  const dispatch = (message: Message) => {
    if ('method' in message) {
      const params = message.params ?? {};
      if ('id' in message)
        onMessage({ kind: 'request', id: message.id, method: message.method, params });
      else onMessage({ kind: 'notification', method: message.method, params });
      return;
    }
    const waiter = message.id === null ? undefined : pending.get(String(message.id));
    if (waiter === undefined) return;
    pending.delete(String(message.id));
    if ('error' in message)
      waiter.reject(new RemoteError(message.error.code, message.error.message));
    else waiter.resolve(message.result);
  };

  const reader = createLineReader({
    ...(maxLineBytes === undefined ? {} : { maxLineBytes }),
    onLine: handleLine,
    onOversized: ({ limit, prefix }) =>
      fail(
        sniffRequestId(prefix),
        RPC_ERRORS.invalidRequest,
        `Invalid request: the message is longer than the ${describeBytes(limit)} line limit; it was dropped`,
      ),
  });
  let ended = false;
  let end: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    end = () => {
      if (ended) return;
      ended = true;
      input.off('data', onData);
      reader.end();
      resolve();
    };
  });
  const onData = (chunk: Buffer | string) => {
    if (!ended) reader.push(chunk);
  };
  input.on('data', onData);
  input.once('end', () => end());
  input.once('close', () => end());
  input.on('error', () => end());
  if (signal?.aborted) end();
  signal?.addEventListener('abort', () => end(), { once: true });
  // Output nobody reads any more (Emacs is gone) ends the connection quietly, as its input
  // closing does: what was not written stays undelivered.
  output.on('error', () => {
    broken = true;
    end();
  });
  closed.then(() => {
    for (const waiter of pending.values())
      waiter.reject(new RemoteError(-32099, 'Connection closed'));
    pending.clear();
  });

  return {
    send,
    closed,
    notify: (method, params) => send({ method, params }),
    request: (method, params, signal) =>
      new Promise((resolve, reject) => {
        nextId += 1;
        // Bridge-side ids are strings so they never collide with Emacs's numeric ids in logs.
        const requestId = `b${nextId}`;
        pending.set(requestId, { resolve, reject });
        signal?.addEventListener(
          'abort',
          () => {
            if (!pending.delete(requestId)) return;
            send({ method: '$/cancelRequest', params: { id: requestId } });
            reject(new RemoteError(RPC_ERRORS.requestCancelled, 'Request cancelled'));
          },
          { once: true },
        );
        send({ id: requestId, method, params });
      }),
  };
}
