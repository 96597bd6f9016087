import type { StreamMessage } from '../protocol';

/** The session token: from the page's address, sent as a bearer token on every request. */
const token = new URLSearchParams(location.search).get('token') ?? '';

/** Thrown for an answer that is not 2xx; carries the server's message. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof body.error === 'string' ? body.error : `HTTP ${response.status}`,
    );
  }
  return body as T;
}

/** GET a route. */
export async function get<T>(path: string): Promise<T> {
  return answer<T>(await fetch(path, { headers: { authorization: `Bearer ${token}` } }));
}

/** POST a JSON body to a route. */
export async function post<T>(path: string, body: unknown): Promise<T> {
  return answer<T>(
    await fetch(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

/**
 * Follows the live stream (Server-Sent Events read with `fetch`, so the token travels in a header and not
 * in an address), reconnecting after a break. `connected` reports the connection state.
 */
export function follow(onMessage: (message: StreamMessage) => void, connected: (on: boolean) => void): void {
  const decoder = new TextDecoder();
  const run = async (): Promise<void> => {
    for (;;) {
      try {
        const response = await fetch('/api/stream', { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok || response.body === null) throw new ApiError(response.status, 'stream refused');
        connected(true);
        const reader = response.body.getReader();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = frame
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data !== '') onMessage(JSON.parse(data) as StreamMessage);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          connected(false);
          return;
        }
      }
      connected(false);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
  void run();
}
