import { withDeadline } from '@armorer/store-shared';
import { StoreError } from '../errors/store-error';
import {
  type PostgresQuery,
  type PostgresQueryable,
  type PostgresQueryResult,
  storeErrorOf,
} from './postgres-client';

/**
 * The stores' side of a pool or client: every statement runs under the operation deadline and fails with
 * a typed {@link StoreError}, so no call hangs on a server that does not answer (a pool pointed at another
 * service's port, a `pg.Client` that was never connected). The first use of a store checks the connection
 * by creating or migrating its tables (see `ensureSchema`). @internal
 */
export class PostgresConnection implements PostgresQueryable {
  readonly #client: PostgresQueryable;
  readonly #timeoutMs: number;
  #closed = false;

  constructor(client: PostgresQueryable, timeoutMs: number) {
    this.#client = client;
    this.#timeoutMs = timeoutMs;
  }

  query(query: PostgresQuery): Promise<PostgresQueryResult> {
    if (this.#closed) return Promise.reject(closedStores());
    let sent: Promise<PostgresQueryResult>;
    try {
      sent = this.#client.query(query);
    } catch (error) {
      sent = Promise.reject(error);
    }
    return withDeadline(sent, this.#timeoutMs, () => this.#timedOut()).then(undefined, (error: unknown) => {
      throw storeErrorOf(error, this.endpoint());
    });
  }

  close(): void {
    this.#closed = true;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** `host:port` when the pool or client says, for messages. */
  endpoint(): string | undefined {
    try {
      const client = this.#client as {
        options?: { host?: unknown; port?: unknown; connectionString?: unknown };
        host?: unknown;
        port?: unknown;
      };
      const options = client.options;
      if (typeof options?.host === 'string') return `${options.host}:${String(options.port ?? 5432)}`;
      if (typeof options?.connectionString === 'string') {
        const url = new URL(options.connectionString);
        return `${url.hostname}:${url.port || '5432'}`;
      }
      if (typeof client.host === 'string') return `${client.host}:${String(client.port ?? 5432)}`;
    } catch {
      // No address to name.
    }
    return undefined;
  }

  #timedOut(): StoreError {
    const endpoint = this.endpoint();
    return new StoreError({
      code: 'timeout',
      message: `PostgreSQL${endpoint === undefined ? '' : ` at ${endpoint}`} did not answer within ${this.#timeoutMs} ms (operationTimeoutMs). Is it a PostgreSQL server, and reachable? A pg Client must be connected first (await client.connect()); a pg Pool connects by itself.`,
    });
  }
}

function closedStores(): StoreError {
  return new StoreError({
    code: 'closed',
    message:
      'These PostgreSQL stores were closed (stores.close()); create new ones to use the database again.',
  });
}
