import type { IncomingHttpHeaders } from 'node:http';
import type { Transform } from 'node:stream';
import { createContentDecoder } from './content-decoder.js';
import { loadHttpStack } from './http-stack.js';
import { adaptLookup } from './lookup-adapter.js';
import type { HostLookup } from './private-address.js';
import { fail, succeed, type WebResult } from './web-error.js';

/** One HTTP response, its body decoded from any content encoding and cut at the byte limit. */
export interface HttpResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Uint8Array;
  /**
   * The decoded size: exact when `sizeExact`, else a lower bound (reading stopped at the
   * count limit, or the deadline passed with the kept bytes full); larger than
   * `body.byteLength` when the body was cut.
   */
  readonly totalBytes: number;
  readonly sizeExact: boolean;
  /** The address the socket was connected to. */
  readonly remoteAddress: string | undefined;
}

/** What one request needs: the signal carries the whole retrieval's deadline. */
export interface HttpRequestOptions {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
  /** Bytes of the decoded body kept, by the final response's headers. */
  readonly maxBytes: number | ((headers: IncomingHttpHeaders) => number);
  /**
   * Reading stops once this many decoded bytes were counted (default: the whole body), so a
   * body over the limit costs a bounded extra read; its size is then a lower bound.
   */
  readonly countBytes?: number;
  /** Resolves the host for the socket; it connects only to the addresses this answers. */
  readonly lookup: HostLookup | undefined;
  /** Skip the body of redirect responses that carry a Location. */
  readonly skipRedirectBody: boolean;
}

// Callers get a plain Uint8Array view, not a Buffer, so results compare and serialise alike.
function plainBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** Sends one GET request and collects its decoded body; every path settles exactly once. */
export async function sendHttpRequest(
  options: HttpRequestOptions,
): Promise<WebResult<HttpResponse>> {
  const { http, https, zlib } = await loadHttpStack();
  const { url, headers, signal, lookup, skipRedirectBody } = options;
  const countBytes = options.countBytes ?? Number.POSITIVE_INFINITY;
  // Set while a body is being read: delivers what was kept when the deadline passes over it.
  let deliverCut: (() => boolean) | undefined;
  return new Promise((resolve) => {
    let settled = false;
    let closed = false;
    const send = url.protocol === 'https:' ? https.request : http.request;
    const request = send(url, {
      method: 'GET',
      headers,
      agent: false,
      ...(lookup === undefined ? {} : { lookup: adaptLookup(lookup) as never }),
    });
    // Deliver only after the socket is closed, so nothing outlives the result.
    const finish = (result: WebResult<HttpResponse>) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (closed) resolve(result);
      else {
        request.once('close', () => resolve(result));
        request.destroy();
      }
    };
    request.once('close', () => {
      closed = true;
    });
    const onAbort = () => {
      const reason = signal.reason as unknown;
      const timedOut = reason instanceof Error && reason.name === 'TimeoutError';
      if (timedOut && deliverCut?.()) return;
      finish(
        reason instanceof Error && reason.name === 'TimeoutError'
          ? fail('timed-out', reason.message)
          : fail('aborted', 'the request was cancelled'),
      );
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => finish(fail('network', `${url.host}: ${error.message}`, error)));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const { remoteAddress } = response.socket;
      if (skipRedirectBody && status >= 300 && status < 400 && response.headers.location) {
        finish(
          succeed({
            status,
            headers: response.headers,
            body: new Uint8Array(),
            totalBytes: 0,
            sizeExact: true,
            remoteAddress,
          }),
        );
        return;
      }
      const maxBytes =
        typeof options.maxBytes === 'function'
          ? options.maxBytes(response.headers)
          : options.maxBytes;
      const chunks: Buffer[] = [];
      let kept = 0;
      let total = 0;
      let decoder: Transform | undefined;
      const encoding = String(response.headers['content-encoding'] ?? 'identity')
        .trim()
        .toLowerCase();
      const deliver = (ended: boolean) => {
        // Without an encoding, Content-Length states the size of a body not read to its end.
        const declared = Number(response.headers['content-length']);
        const stated =
          !ended && encoding === 'identity' && Number.isSafeInteger(declared) && declared >= total;
        finish(
          succeed({
            status,
            headers: response.headers,
            body: plainBytes(Buffer.concat(chunks, kept)),
            totalBytes: stated ? declared : total,
            sizeExact: ended || stated,
            remoteAddress,
          }),
        );
      };
      const done = () => deliver(true);
      deliverCut = () => {
        if (kept < maxBytes) return false;
        deliver(false);
        return true;
      };
      const collect = (chunk: Buffer) => {
        total += chunk.byteLength;
        if (kept < maxBytes) {
          const part =
            kept + chunk.byteLength > maxBytes ? chunk.subarray(0, maxBytes - kept) : chunk;
          chunks.push(part);
          kept += part.byteLength;
        }
        if (total >= countBytes) deliver(false);
      };
      const broken = (error: Error) =>
        finish(
          fail(
            'bad-response',
            `malformed ${encoding} body from ${url.host}: ${error.message}`,
            error,
          ),
        );
      response.once('data', (first: Buffer) => {
        decoder = createContentDecoder(zlib, encoding, first[0]);
        if (decoder !== undefined) {
          response.pipe(decoder);
          decoder.on('data', collect);
          decoder.on('end', done);
          decoder.on('error', broken);
          decoder.write(first);
        } else {
          collect(first);
          response.on('data', collect);
          response.on('end', done);
        }
      });
      response.on('aborted', () =>
        finish(fail('bad-response', `the response from ${url.host} was cut off`)),
      );
      response.on('error', (error) =>
        finish(fail('bad-response', `${url.host}: ${error.message}`, error)),
      );
      // An empty body never emits data: end directly.
      response.once('end', () => {
        if (decoder === undefined && chunks.length === 0) done();
      });
    });
    request.end();
  });
}
