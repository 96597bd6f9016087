type RequestId = string | number;

interface Message {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: unknown;
  readonly result?: unknown;
  readonly error?: unknown;
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null;
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}

/**
 * The JSON-RPC request ids a client has in flight in one Streamable HTTP session. The SDK routes a
 * response to the HTTP stream of the latest request with that id, so a client that reuses an id before
 * it was answered leaves the first request's stream open forever. Ids are released when the response
 * goes out, or when the client cancels the request (the SDK then sends no response).
 */
export class RequestIds {
  readonly #pending = new Set<RequestId>();

  /** Whether a request of the session still awaits its response. */
  get busy(): boolean {
    return this.#pending.size > 0;
  }

  /** Wraps the transport's `send` so that every response releases its id. */
  watch(transport: { send(message: never, options?: never): Promise<void> }): void {
    const send = transport.send.bind(transport);
    transport.send = (message: never, options?: never) => {
      const sent: unknown = message;
      if (isMessage(sent) && sent.method === undefined && isRequestId(sent.id)) this.#pending.delete(sent.id);
      return send(message, options);
    };
  }

  /** Forgets the ids of a POST body the transport refused (it will never answer those requests). */
  release(body: unknown): void {
    for (const message of (Array.isArray(body) ? body : [body]).filter(isMessage)) {
      if (typeof message.method === 'string' && isRequestId(message.id)) this.#pending.delete(message.id);
    }
  }

  /**
   * Admits the requests of one POST body (a message or a batch): the id of the first request that
   * reuses an id in flight (or repeats one in the batch), else undefined after recording them all.
   */
  admit(body: unknown): RequestId | undefined {
    const messages = (Array.isArray(body) ? body : [body]).filter(isMessage);
    const ids: RequestId[] = [];
    for (const message of messages) {
      if (message.method === 'notifications/cancelled' && isMessage(message.params)) {
        const cancelled = (message.params as { readonly requestId?: unknown }).requestId;
        if (isRequestId(cancelled)) this.#pending.delete(cancelled);
      }
      if (typeof message.method !== 'string' || !isRequestId(message.id)) continue;
      if (this.#pending.has(message.id) || ids.includes(message.id)) return message.id;
      ids.push(message.id);
    }
    for (const id of ids) this.#pending.add(id);
    return undefined;
  }
}
