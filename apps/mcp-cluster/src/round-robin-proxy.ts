import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A round-robin HTTP proxy on loopback, in front of the cluster's instances. */
export interface RoundRobinProxy {
  readonly url: string;
  /** `host:port` of the proxy: what clients send as Host, and what every instance must accept. */
  readonly host: string;
  /** The instances' endpoints (`http://127.0.0.1:port/mcp`); replaced at any time. */
  setUpstreams(urls: readonly string[]): void;
  /** Requests the proxy answered 502 because an instance went away during them. */
  readonly failed: number;
  close(): Promise<void>;
}

/**
 * A small load balancer, as any would do it: each request goes to the next instance in turn, with its
 * headers (Host included) and body as they came; an instance that refuses the connection (it is down)
 * is skipped for the next one, since nothing reached it; an instance that goes away during a request
 * answers `502`, and the client decides whether to retry (the request may have run).
 */
export async function startRoundRobinProxy(path = '/mcp'): Promise<RoundRobinProxy> {
  let upstreams: URL[] = [];
  let next = 0;
  let failed = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });

  function forward(incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer, tries: number): void {
    const target = upstreams[next++ % Math.max(1, upstreams.length)];
    if (target === undefined) {
      outgoing.writeHead(503).end();
      return;
    }
    const proxied = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: incoming.url ?? path,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.on('error', () => outgoing.destroy());
      },
    );
    proxied.on('error', (error: NodeJS.ErrnoException) => {
      if (outgoing.headersSent) {
        outgoing.destroy();
        return;
      }
      if (error.code === 'ECONNREFUSED' && tries + 1 < upstreams.length * 2) {
        forward(incoming, outgoing, body, tries + 1);
        return;
      }
      failed++;
      outgoing
        .writeHead(502, { 'content-type': 'text/plain' })
        .end(`upstream failed: ${error.code ?? error.message}`);
    });
    proxied.end(body);
  }

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => forward(incoming, outgoing, Buffer.concat(chunks), 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    host: `127.0.0.1:${port}`,
    setUpstreams: (urls) => {
      upstreams = urls.map((url) => new URL(url));
    },
    get failed() {
      return failed;
    },
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
