import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback stand-in for one OpenAI endpoint that plays a scripted model. */
export interface LoopbackApi {
  /** The base URL to give the official client (`http://127.0.0.1:<port>/v1`). */
  readonly baseURL: string;
  /** The request bodies received, in order. */
  readonly requests: readonly Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * Serves `endpoint` (for example `/v1/responses`) on 127.0.0.1 at a random port: each JSON body is answered
 * with `reply(body)`; another path, a body that is not JSON or a reply that throws is answered 400 with an
 * `invalid_request_error`, as the API answers.
 */
export async function startLoopbackApi(
  endpoint: string,
  reply: (body: Record<string, unknown>) => unknown,
): Promise<LoopbackApi> {
  const requests: Record<string, unknown>[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      let status = 200;
      let answer: unknown;
      try {
        if (incoming.url !== endpoint) throw new Error(`unknown endpoint ${incoming.url}`);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        requests.push(body);
        answer = reply(body);
      } catch (error) {
        status = 400;
        answer = {
          error: {
            type: 'invalid_request_error',
            message: error instanceof Error ? error.message : String(error),
          },
        };
      }
      outgoing.writeHead(status, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
