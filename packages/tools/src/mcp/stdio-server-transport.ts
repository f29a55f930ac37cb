import type { Readable, Writable } from 'node:stream';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  createLineReader,
  describeBytes,
  type LineReader,
  sniffRequestId,
} from '../host/line-reader.js';

/** Options of `createStdioServerTransport`. */
export interface StdioServerTransportOptions {
  /** Where messages are read from; `process.stdin` by default. */
  readonly input?: Readable;
  /** Where messages are written; `process.stdout` by default. */
  readonly output?: Writable;
  /** The longest line taken as a message (`DEFAULT_MAX_LINE_BYTES` by default). */
  readonly maxLineBytes?: number;
}

/**
 * An MCP server transport over a pair of streams, one JSON-RPC message a line, whose `send`
 * resolves once the message has been written out (see `WrittenStdioTransport`); the end of the
 * input closes it.
 */
export function createStdioServerTransport(
  options: StdioServerTransportOptions = {},
): WrittenStdioTransport {
  const given = Object.assign(Object.create(null), options) as StdioServerTransportOptions;
  for (const key of ['input', 'output'] as const) {
    const stream = given[key];
    if (stream !== undefined && typeof (stream as { on?: unknown }).on !== 'function') {
      throw new TypeError(
        `createStdioServerTransport: ${key} must be a stream, received ${String(stream)}`,
      );
    }
  }
  return new WrittenStdioTransport(given.input ?? process.stdin, given.output ?? process.stdout, {
    ...(given.maxLineBytes === undefined ? {} : { maxLineBytes: given.maxLineBytes }),
  });
}

/**
 * The MCP server's stdio transport. Reading: each line is one message, at most
 * `maxLineBytes` long. A line over that bound gets an Invalid Request error (with its id when
 * its start shows one) and reading goes on at the next line; a line that is not JSON gets a
 * Parse error, and JSON that is not a JSON-RPC message an Invalid Request error; the server
 * keeps serving either way; the end of the input (or its closing) closes the transport, once
 * the last line has been handed on. Writing: `send` resolves once the message has been written out,
 * and rejects when it cannot be (the SDK's resolves as soon as the stream has taken the
 * message, and waits for a `drain` that never comes once the stream has failed).
 */
export class WrittenStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #input: Readable;
  readonly #output: Writable;
  readonly #reader: LineReader;
  #started = false;
  #closed = false;

  constructor(input: Readable, output: Writable, options: { maxLineBytes?: number } = {}) {
    this.#input = input;
    this.#output = output;
    this.#reader = createLineReader({
      ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
      onLine: (line) => this.#line(line),
      onOversized: ({ limit, prefix }) =>
        this.#reject(
          sniffRequestId(prefix),
          ErrorCode.InvalidRequest,
          `Invalid Request: the message is longer than the ${describeBytes(limit)} line limit; it was dropped`,
        ),
    });
  }

  readonly #onData = (chunk: Buffer | string) => this.#reader.push(chunk);
  readonly #onEnd = () => {
    this.#reader.end();
    void this.close();
  };
  readonly #onError = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    if (this.#started) throw new Error('WrittenStdioTransport already started');
    this.#started = true;
    this.#input.on('data', this.#onData);
    this.#input.on('end', this.#onEnd);
    this.#input.on('close', this.#onEnd);
    this.#input.on('error', this.#onError);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#input.off('data', this.#onData);
    this.#input.off('end', this.#onEnd);
    this.#input.off('close', this.#onEnd);
    this.#input.off('error', this.#onError);
    if (this.#input.listenerCount('data') === 0) this.#input.pause();
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    // The callback runs once this chunk (and the ones before it) is flushed, or with the error.
    return new Promise((resolve, reject) => {
      this.#output.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  #line(line: string): void {
    if (this.#closed || line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      this.#reject(null, ErrorCode.ParseError, `Parse error: ${(error as Error).message}`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id;
      this.#reject(
        typeof id === 'string' || typeof id === 'number' ? id : null,
        ErrorCode.InvalidRequest,
        'Invalid Request: not a JSON-RPC 2.0 request, notification or response',
      );
      return;
    }
    this.onmessage?.(parsed.data);
  }

  /** Answers a message the server could not take, and tells the server's error handler. */
  #reject(id: string | number | null, code: number, message: string): void {
    if (this.#closed) return;
    this.onerror?.(new Error(message));
    // JSON-RPC answers an unreadable request with a null id; the SDK's types want one.
    const reply = { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage;
    this.send(reply).catch((error: Error) => this.onerror?.(error));
  }
}
