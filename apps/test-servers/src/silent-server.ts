import { createServer, type Socket } from 'node:net';

/** A listener on loopback that accepts connections and never answers (see {@link startSilentServer}). */
export interface SilentServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`, for a Redis client. */
  readonly redisUrl: string;
  /** `postgres://armorer@127.0.0.1:<port>/armorer`, for a pg pool. */
  readonly postgresUrl: string;
  /** Closes the listener and every connection it accepted. */
  close(): Promise<void>;
}

/**
 * A TCP listener that takes every connection and every byte and never answers: what a client sees of a
 * server that hangs, or of a port that speaks another protocol and waits (a `pg` pool pointed at Redis).
 * A store on it must fail within its deadline.
 */
export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    });
  });
  return {
    port,
    redisUrl: `redis://127.0.0.1:${port}`,
    postgresUrl: `postgres://armorer@127.0.0.1:${port}/armorer`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
