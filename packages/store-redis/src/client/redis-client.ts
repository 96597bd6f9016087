import { createHash } from 'node:crypto';
import { StoreError } from '../errors/store-error';

/**
 * What the stores need from a Redis client: `evalsha` and `eval` answering promises. An `ioredis` client
 * (`new Redis(url)`, or a `Cluster`) fits as it is; any client with these two methods works.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * const client: RedisScriptClient = new Redis(process.env.REDIS_URL!);
 * ```
 */
export interface RedisScriptClient {
  evalsha(sha1: string, numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
  eval(script: string, numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
}

/** A Lua script with its SHA-1, run by EVALSHA and loaded by EVAL when the server does not know it. */
export interface LuaScript {
  readonly source: string;
  readonly sha1: string;
  readonly keys: number;
}

/** Declares a script taking `keys` keys. @internal */
export function luaScript(source: string, keys: number): LuaScript {
  return { source, sha1: createHash('sha1').update(source).digest('hex'), keys };
}

/**
 * Runs a script in one round trip: EVALSHA, and EVAL only when the server answers NOSCRIPT (after a
 * restart or `SCRIPT FLUSH`; EVAL also caches it again). Client errors become a typed {@link StoreError}.
 * @internal
 */
export function runScript(
  client: RedisScriptClient,
  script: LuaScript,
  args: (string | number)[],
): Promise<unknown> {
  try {
    return client.evalsha(script.sha1, script.keys, ...args).then(undefined, (error: unknown) => {
      if (!isNoScript(error)) throw storeErrorOf(error);
      try {
        return client.eval(script.source, script.keys, ...args).then(undefined, rethrowTyped);
      } catch (thrown) {
        throw storeErrorOf(thrown);
      }
    });
  } catch (error) {
    return Promise.reject(storeErrorOf(error));
  }
}

const rethrowTyped = (error: unknown): never => {
  throw storeErrorOf(error);
};

function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}

/** A server's error reply (ioredis: `ReplyError`; other clients put the Redis error prefix first). */
function isReply(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ReplyError' ||
    /^(?:ERR|WRONGTYPE|BUSY|OOM|READONLY|NOPERM|CROSSSLOT) /.test(error.message)
  );
}

function storeErrorOf(error: unknown): StoreError {
  if (StoreError.isInstance(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  // A read-only replica, a busy script or out of memory pass once the server recovers: unavailable.
  const transient =
    error instanceof Error && /^(?:READONLY|BUSY|LOADING|OOM|TRYAGAIN|CLUSTERDOWN)/.test(detail);
  if (isReply(error) && !transient) {
    return new StoreError({
      code: 'command-failed',
      message: `Redis refused the command: ${detail}`,
      cause: error,
    });
  }
  return new StoreError({
    code: 'unavailable',
    message: `Redis is unavailable: ${detail}`,
    cause: error,
  });
}

/** Checks the key prefix: no braces, so the hash tags the stores add are the keys' only ones. @internal */
export function checkPrefix(prefix: string | undefined): string {
  const value = prefix ?? 'armorer:';
  if (typeof value !== 'string' || /[{}]/.test(value) || value.length > 256) {
    throw new TypeError('The key prefix must be a string of at most 256 characters without "{" or "}".');
  }
  return value;
}

/** Escapes braces (and the escape character) so user text never forms a hash tag of its own. @internal */
export function escapeTag(text: string): string {
  return /[{}%]/.test(text)
    ? text.replace(/[{}%]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    : text;
}

/** Checks the client once at construction. @internal */
export function checkClient(client: unknown): RedisScriptClient {
  const candidate = client as Partial<RedisScriptClient> | null | undefined;
  if (typeof candidate?.evalsha !== 'function' || typeof candidate.eval !== 'function') {
    throw new TypeError('A Redis store needs a client with evalsha() and eval() (an ioredis client works).');
  }
  return candidate as RedisScriptClient;
}
