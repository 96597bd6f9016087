import { createHash } from 'node:crypto';

/** A Lua script with its SHA-1, run by EVALSHA and loaded by EVAL when the server does not know it. */
export interface LuaScript {
  readonly source: string;
  readonly sha1: string;
  /** How many of its arguments are keys (they come first). */
  readonly keys: number;
}

/** Declares a script taking `keys` keys. @internal */
export function luaScript(source: string, keys: number): LuaScript {
  return { source, sha1: createHash('sha1').update(source).digest('hex'), keys };
}
