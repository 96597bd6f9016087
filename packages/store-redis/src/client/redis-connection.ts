import { withDeadline } from '@armorer/store-shared';
import { StoreError } from '../errors/store-error';
import { classify, isNoScript, notUsable } from './classify';
import type { ClientAdapter } from './client-adapter';
import { type LuaScript, luaScript } from './lua-script';

/** The check of the first use: scripting works for this account on this server. */
const PROBE = luaScript('return 1', 0);

/**
 * The stores' side of a client: every script runs under the operation deadline, after one check of the
 * connection at first use, and fails with a typed {@link StoreError} (never hangs, never an untyped
 * error). A client that says it is reconnecting, not connected or closed fails at once, without queueing
 * the command.
 * @internal
 */
export class RedisConnection {
  readonly #client: ClientAdapter;
  readonly #timeoutMs: number;
  #checked = false;
  #checking: Promise<void> | undefined;
  #closed = false;

  constructor(client: ClientAdapter, timeoutMs: number) {
    this.#client = client;
    this.#timeoutMs = timeoutMs;
  }

  /**
   * Runs a script in one round trip: EVALSHA, and EVAL only when the server answers NOSCRIPT (after a
   * restart or `SCRIPT FLUSH`; EVAL also caches it again).
   */
  run(script: LuaScript, args: readonly (string | number)[]): Promise<unknown> {
    if (this.#checked && !this.#closed) return this.#send(script, args);
    return this.ready().then(() => this.#send(script, args));
  }

  /** Checks the connection once (again after a failed check); rejects with the typed error. */
  ready(): Promise<void> {
    if (this.#closed) return Promise.reject(closedStores());
    if (this.#checked) return Promise.resolve();
    if (this.#checking === undefined) {
      this.#checking = this.#check().then(
        () => {
          this.#checked = true;
          this.#checking = undefined;
        },
        (error: unknown) => {
          this.#checking = undefined;
          throw error;
        },
      );
    }
    return this.#checking;
  }

  close(): void {
    this.#closed = true;
  }

  /** The probe, failing as soon as the client gives up connecting rather than when the deadline passes. */
  #check(): Promise<void> {
    let unwatch: () => void = () => undefined;
    const gaveUp = new Promise<never>((_, reject) => {
      unwatch = this.#client.watch((state) => reject(notUsable(state, this.#client.endpoint())));
    });
    gaveUp.catch(() => undefined);
    const probe = this.#send(PROBE, []);
    return Promise.race([probe, gaveUp]).then(
      () => unwatch(),
      (error: unknown) => {
        unwatch();
        throw error;
      },
    );
  }

  #send(script: LuaScript, args: readonly (string | number)[]): Promise<unknown> {
    if (this.#closed) return Promise.reject(closedStores());
    const client = this.#client;
    const state = client.state();
    // Reconnecting, not connected yet, or closed: the client would queue the command until its own
    // limits (ioredis: 20 reconnections; node-redis: for ever); answer now instead.
    if (state !== 'usable') return Promise.reject(notUsable(state, client.endpoint()));
    let sent: Promise<unknown>;
    try {
      sent = client.evalsha(script.sha1, script.keys, args).then(undefined, (error: unknown) => {
        if (!isNoScript(error)) throw error;
        return client.eval(script.source, script.keys, args);
      });
    } catch (error) {
      sent = Promise.reject(error);
    }
    return withDeadline(sent, this.#timeoutMs, () => this.#timedOut()).then(undefined, (error: unknown) => {
      throw classify(error, client.state(), client.endpoint());
    });
  }

  #timedOut(): StoreError {
    const client = this.#client;
    const state = client.state();
    if (state !== 'usable') return notUsable(state, client.endpoint());
    const at = client.endpoint() === undefined ? '' : ` at ${client.endpoint()}`;
    return new StoreError({
      code: 'timeout',
      message: `Redis${at} did not answer within ${this.#timeoutMs} ms (operationTimeoutMs). Is it a Redis server, and reachable?`,
    });
  }
}

function closedStores(): StoreError {
  return new StoreError({
    code: 'closed',
    message: 'These Redis stores were closed (stores.close()); create new ones to use the server again.',
  });
}
