/** Headers of every answer: nothing cached, sniffed, framed or referred, and no cross-origin reads. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};

/** A JSON answer with the common headers. */
export function json(body: unknown, status = 200, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...COMMON_HEADERS, 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** An error answer: a message and nothing else. */
export function failure(
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return json({ error: message }, status, headers);
}

/** Thrown by a route for a request it refuses; the handler answers with the status and message. */
export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}
