import type { McpTransport } from './types';

type Listener<TArgs extends unknown[]> = ((...args: TArgs) => void) | undefined;

interface SdkTransport extends McpTransport {
  onclose?: Listener<[]>;
  onerror?: Listener<[Error]>;
  onmessage?: Listener<[unknown, unknown?]>;
  setProtocolVersion?(version: string): void;
}

/**
 * A transport handed to the SDK's `serveStdio` in place of the caller's, so that the server learns when
 * the connection closes (the entry owns the caller's `onclose`). Everything else passes through.
 */
export class WatchedTransport {
  onclose: Listener<[]>;
  onerror: Listener<[Error]>;
  onmessage: Listener<[unknown, unknown?]>;
  /** Resolves when the underlying transport has closed. */
  readonly closed: Promise<void>;
  readonly #inner: SdkTransport;

  constructor(transport: McpTransport) {
    const inner = transport as SdkTransport;
    this.#inner = inner;
    let resolve!: () => void;
    this.closed = new Promise((done) => {
      resolve = done;
    });
    inner.onclose = () => {
      this.onclose?.();
      resolve();
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.onmessage?.(message, extra);
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  start(): Promise<void> {
    return this.#inner.start();
  }

  send(message: never, options?: never): Promise<void> {
    return this.#inner.send(message, options);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  setProtocolVersion(version: string): void {
    this.#inner.setProtocolVersion?.(version);
  }
}
