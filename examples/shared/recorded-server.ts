import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback server answering each POST with the next recorded provider response. */
export interface RecordedServer {
  /** `http://127.0.0.1:PORT` — give it to the SDK as its base URL. */
  readonly url: string;
  /** The request bodies the SDK sent, in order (what the model would have read). */
  readonly requests: unknown[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 that replays `responses` in order, one per request. */
export async function startRecordedServer(responses: readonly unknown[]): Promise<RecordedServer> {
  const requests: unknown[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'));
      const body = responses[requests.length - 1];
      response.writeHead(body === undefined ? 500 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? { error: { message: 'no recorded response left' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
