import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A web `Request` for a `node:http` request whose body was already read (the SDK gets the parsed body
 * beside it). Its signal aborts when the client goes away before the response ends, which the SDK treats
 * as the cancellation of the request (2026: closing the response stream cancels the call).
 */
export function toWebRequest(request: IncomingMessage, response: ServerResponse): Request {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2)
    headers.append(raw[index] as string, raw[index + 1] as string);
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort(new Error('The client closed the connection.'));
  });
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  return new Request(url, { method: request.method ?? 'GET', headers, signal: controller.signal });
}

/** Resolves once the response can take more, or has closed (then nothing more will be written). */
function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}

/** Writes a web `Response` (JSON, or an SSE stream) to a `node:http` response, chunk by chunk. */
export async function sendWebResponse(source: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  source.headers.forEach((value, name) => {
    const existing = headers[name];
    headers[name] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  });
  response.writeHead(source.status, headers);
  if (source.body === null) {
    response.end();
    return;
  }
  const reader = source.body.getReader();
  const stop = () => {
    reader.cancel().catch(() => {});
  };
  response.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // An SSE stream is flushed event by event; a slow reader holds the writer, not the server's memory.
      if (!response.write(value)) await drained(response);
    }
  } catch {
    // The client went away (the reader was cancelled) or the stream failed: nothing more to send.
  } finally {
    response.off('close', stop);
    response.end();
  }
}
