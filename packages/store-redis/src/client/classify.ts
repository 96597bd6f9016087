import { thrownCode, thrownMessage } from '@armorer/store-shared';
import { StoreError } from '../errors/store-error';
import type { ClientState } from './client-adapter';

/** A server's error reply starts with its upper-case error code (`ERR`, `WRONGTYPE`, `NOSCRIPT`, ...). */
const REPLY = /^[A-Z][A-Z_]+ /;
/** Replies that pass once the server recovers: a replica, a busy script, loading, memory, a cluster moving. */
const TRANSIENT_REPLY = /^(?:READONLY|BUSY|LOADING|OOM|TRYAGAIN|CLUSTERDOWN|MASTERDOWN|MOVED|ASK) /;
/** Replies that say the server or account cannot run the stores as configured. */
const CONFIG_REPLY = /^(?:NOAUTH|WRONGPASS|NOPERM) |^ERR unknown command|^ERR (?:invalid password|AUTH)/;
/** Connection failures that name a host that does not exist. */
const NO_HOST = /ENOTFOUND|EAI_NONAME/;

/** Whether a failure is the server's NOSCRIPT (run EVAL instead). @internal */
export function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}

/**
 * The typed error of a failed command, given what the client said about its connection when it failed:
 * a closed client is `closed`, a refused login or a missing host `misconfigured`, a lost connection or a
 * server that is recovering `unavailable`, another error reply `command-failed`. @internal
 */
export function classify(error: unknown, state: ClientState, endpoint: string | undefined): StoreError {
  if (StoreError.isInstance(error)) return error;
  const detail = thrownMessage(error);
  const at = endpoint === undefined ? '' : ` at ${endpoint}`;
  if (state === 'closed' || /^(?:The client is closed|Disconnects client)/.test(detail)) {
    return new StoreError({
      code: 'closed',
      message: `The Redis client${at} was closed (quit() or disconnect()), so the stores cannot use it: ${detail}`,
      cause: error,
    });
  }
  if (CONFIG_REPLY.test(detail) || NO_HOST.test(detail) || thrownCode(error) === 'ENOTFOUND') {
    return new StoreError({
      code: 'misconfigured',
      message: `Redis${at} refused the stores: ${detail}. Check the URL, credentials and ACL (EVAL and EVALSHA are needed).`,
      cause: error,
    });
  }
  if (REPLY.test(detail) && !TRANSIENT_REPLY.test(detail)) {
    return new StoreError({
      code: 'command-failed',
      message: `Redis refused the command: ${detail}`,
      cause: error,
    });
  }
  return new StoreError({
    code: 'unavailable',
    message: `Redis${at} is unavailable: ${detail}`,
    cause: error,
  });
}

/** The error of a client that cannot take a command now, without sending it. @internal */
export function notUsable(state: Exclude<ClientState, 'usable'>, endpoint: string | undefined): StoreError {
  const at = endpoint === undefined ? '' : ` at ${endpoint}`;
  if (state === 'closed') {
    return new StoreError({
      code: 'closed',
      message: `The Redis client${at} was closed (quit() or disconnect()), so the stores cannot use it.`,
    });
  }
  if (state === 'not-ready') {
    return new StoreError({
      code: 'unavailable',
      message: `The Redis client${at} is not ready: it is reconnecting, or connect() has not finished (await client.connect() before the first call).`,
    });
  }
  return new StoreError({
    code: 'unavailable',
    message: `Redis${at} cannot be reached: the client is reconnecting. Is the server running, and the URL right?`,
  });
}
