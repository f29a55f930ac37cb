import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A test HTTP server on 127.0.0.1 with its base URL. */
export interface LoopbackServer {
  readonly url: string;
  readonly port: number;
  /** Every request seen, in order. */
  readonly requests: IncomingMessage[];
  /** Connections the server still holds open. */
  openConnections(): number;
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1 (an ephemeral port) answering with `handler`. */
export async function startLoopbackServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LoopbackServer> {
  const requests: IncomingMessage[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    requests.push(request);
    handler(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    openConnections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
