import type { StreamMessage } from '../protocol';

/** Bytes a client may fall behind before it is dropped (a page that stopped reading). */
const MAX_BACKLOG = 4 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

interface Client {
  readonly controller: ReadableStreamDefaultController<Uint8Array>;
}

/**
 * The live stream: Server-Sent Events written to every connected page. A page that stops reading is
 * disconnected once its backlog passes a bound, so a stuck tab never makes the server buffer without end.
 */
export class Broadcaster {
  readonly #clients = new Set<Client>();
  readonly #encoder = new TextEncoder();
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  get size(): number {
    return this.#clients.size;
  }

  /** A stream for one page, starting with `first` (the current state). */
  connect(first: readonly StreamMessage[]): ReadableStream<Uint8Array> {
    let client: Client | undefined;
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          client = { controller };
          this.#clients.add(client);
          this.#ensureHeartbeat();
          controller.enqueue(this.#encoder.encode(': armorer inspector\n\n'));
          for (const message of first) this.#write(client, this.#frame(message));
        },
        cancel: () => {
          if (client !== undefined) this.#drop(client);
        },
      },
      // Queued bytes: desiredSize goes negative once a page has fallen MAX_BACKLOG bytes behind.
      { highWaterMark: MAX_BACKLOG, size: (chunk) => chunk?.byteLength ?? 0 },
    );
  }

  send(message: StreamMessage): void {
    if (this.#clients.size === 0) return;
    const frame = this.#frame(message);
    for (const client of this.#clients) this.#write(client, frame);
  }

  close(): void {
    for (const client of [...this.#clients]) {
      try {
        client.controller.close();
      } catch {
        // already closed
      }
      this.#drop(client);
    }
  }

  #frame(message: StreamMessage): Uint8Array {
    return this.#encoder.encode(`data: ${JSON.stringify(message)}\n\n`);
  }

  #write(client: Client, bytes: Uint8Array): void {
    const desired = client.controller.desiredSize;
    if (desired !== null && desired < 0) {
      try {
        client.controller.error(new Error('The page fell too far behind the live stream.'));
      } catch {
        // already closed
      }
      this.#drop(client);
      return;
    }
    try {
      client.controller.enqueue(bytes);
    } catch {
      this.#drop(client);
    }
  }

  #drop(client: Client): void {
    this.#clients.delete(client);
    if (this.#clients.size === 0 && this.#heartbeat !== undefined) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }

  #ensureHeartbeat(): void {
    if (this.#heartbeat !== undefined) return;
    const ping = this.#encoder.encode(': ping\n\n');
    this.#heartbeat = setInterval(() => {
      for (const client of this.#clients) this.#write(client, ping);
    }, HEARTBEAT_MS);
    (this.#heartbeat as { unref?: () => void }).unref?.();
  }
}
