import { afterEach } from 'bun:test';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stub received. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

/**
 * What the stub answers: a status and a JSON body, or `events` sent as a server-sent event stream (each as
 * `event: <type>` and `data: <JSON>`, as OpenAI streams responses).
 */
export type StubReply =
  | { readonly status?: number; readonly body: unknown }
  | { readonly events: readonly { readonly type: string }[] };

/** A loopback HTTP server standing in for a provider API. */
export interface StubServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a provider stub on 127.0.0.1 at a random port. Each request is recorded and answered by
 * `reply(request, index)`; a reply that throws becomes a 400 with the error message, as an API
 * rejecting a malformed request would answer.
 */
export async function startStubServer(
  reply: (request: RecordedRequest, index: number) => StubReply,
): Promise<StubServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body: text.length > 0 ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      requests.push(request);
      let answer: StubReply;
      try {
        answer = reply(request, requests.length - 1);
      } catch (error) {
        answer = { status: 400, body: { error: { type: 'invalid_request_error', message: String(error) } } };
      }
      if ('events' in answer) {
        outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const event of answer.events) {
          outgoing.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        }
        outgoing.end();
        return;
      }
      outgoing.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/**
 * For the tests of the calling `describe`: a `start(reply)` that starts a stub server and closes it
 * after the test.
 */
export function useStubServers(): (
  reply: (request: RecordedRequest, index: number) => StubReply,
) => Promise<StubServer> {
  const open: StubServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return async (reply) => {
    const server = await startStubServer(reply);
    open.push(server);
    return server;
  };
}

/** The JSON body of the `index`-th request a stub received; throws when there was none. */
export function requestBody(server: StubServer, index: number): Record<string, unknown> {
  const request = server.requests[index];
  if (request === undefined) throw new Error(`the stub received no request ${index}`);
  return request.body;
}
