import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** A base for request URLs: routing reads only the path and query; the guard reads the real Host header. */
const BASE = 'http://inspector.invalid';

function toRequest(incoming: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
    headers.append(incoming.rawHeaders[index] as string, incoming.rawHeaders[index + 1] as string);
  }
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const path = (incoming.url ?? '/').startsWith('/') ? (incoming.url ?? '/') : '/';
  return new Request(new URL(path, BASE), {
    method,
    headers,
    signal,
    ...(hasBody
      ? { body: Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>, duplex: 'half' }
      : {}),
  } as RequestInit);
}

async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  outgoing.statusCode = response.status;
  response.headers.forEach((value, name) => {
    outgoing.setHeader(name, value);
  });
  if (response.body === null) {
    outgoing.end();
    return;
  }
  outgoing.flushHeaders();
  const reader = response.body.getReader();
  const stop = () => {
    reader.cancel().catch(() => undefined);
  };
  outgoing.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || outgoing.destroyed) break;
      if (!outgoing.write(value)) {
        await new Promise<void>((resolve) => {
          outgoing.once('drain', resolve);
          outgoing.once('close', resolve);
        });
      }
    }
  } catch {
    // The stream ended with an error (a page that fell behind): close the connection.
  } finally {
    outgoing.off('close', stop);
    outgoing.end();
  }
}

/**
 * A `node:http` request listener (Bun and Node) over a fetch-style handler: the request becomes a
 * `Request` (headers as received, including Host), the `Response` is written back, streamed bodies as they
 * come, and a page that disconnects cancels its stream.
 */
export function nodeListener(
  handler: (request: Request) => Promise<Response>,
): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  return (incoming, outgoing) => {
    const aborted = new AbortController();
    outgoing.once('close', () => aborted.abort());
    let request: Request;
    try {
      request = toRequest(incoming, aborted.signal);
    } catch {
      outgoing.statusCode = 400;
      outgoing.end();
      return;
    }
    handler(request)
      .then((response) => writeResponse(response, outgoing))
      .catch(() => {
        if (!outgoing.headersSent) outgoing.statusCode = 500;
        outgoing.end();
      });
  };
}
