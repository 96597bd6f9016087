import type { LuaScript } from './lua-script';
import type { RedisConnection } from './redis-connection';

export { type LuaScript, luaScript } from './lua-script';

/**
 * What the stores run their scripts on: the {@link RedisConnection} `createRedisStores` builds over your
 * client (deadline, first-use check, typed errors). @internal
 */
export type RedisScriptClient = Pick<RedisConnection, 'run'>;

/** Runs a script on the stores' connection. @internal */
export function runScript(
  client: RedisScriptClient,
  script: LuaScript,
  args: (string | number)[],
): Promise<unknown> {
  return client.run(script, args);
}

/** Checks the key prefix: no braces, so the hash tags the stores add are the keys' only ones. @internal */
export function checkPrefix(prefix: string | undefined): string {
  const value = prefix ?? 'armorer:';
  if (!acceptsPrefix(value)) {
    throw new TypeError('The key prefix must be a string of at most 256 characters without "{" or "}".');
  }
  return value;
}

/** Whether a key prefix is usable: a string of at most 256 characters without braces. @internal */
export function acceptsPrefix(prefix: unknown): prefix is string {
  return typeof prefix === 'string' && prefix.length <= 256 && !/[{}]/.test(prefix);
}

/** Escapes braces (and the escape character) so user text never forms a hash tag of its own. @internal */
export function escapeTag(text: string): string {
  return /[{}%]/.test(text)
    ? text.replace(/[{}%]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    : text;
}

/** Checks that the stores were given their connection. @internal */
export function checkClient(client: unknown): RedisScriptClient {
  if (typeof (client as Partial<RedisScriptClient> | null | undefined)?.run !== 'function') {
    throw new TypeError('A Redis store runs on the connection createRedisStores() builds.');
  }
  return client as RedisScriptClient;
}
