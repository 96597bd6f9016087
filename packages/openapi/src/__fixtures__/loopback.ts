/** One request as the loopback server received it. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Headers;
  readonly contentType: string | null;
  readonly text: string;
  readonly form: FormData | undefined;
}

/** What the server answers; by default `200 {"ok":true}`. */
export type Responder = (request: ReceivedRequest, raw: Request) => Response | Promise<Response>;

/** A loopback HTTP server that records every request it receives, for checking what a tool sent. */
export interface Loopback {
  readonly url: string;
  readonly received: ReceivedRequest[];
  respond(responder: Responder): void;
  stop(): Promise<void>;
}

export function startLoopback(): Loopback {
  let responder: Responder = () => Response.json({ ok: true });
  const received: ReceivedRequest[] = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(raw) {
      const url = new URL(raw.url);
      const contentType = raw.headers.get('content-type');
      const form = contentType?.startsWith('multipart/form-data') ? await raw.clone().formData() : undefined;
      const request: ReceivedRequest = {
        method: raw.method,
        path: url.pathname,
        query: url.searchParams,
        headers: raw.headers,
        contentType,
        text: form === undefined ? await raw.text() : '',
        form,
      };
      received.push(request);
      return responder(request, raw);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    received,
    respond(next) {
      responder = next;
    },
    async stop() {
      await server.stop(true);
    },
  };
}
