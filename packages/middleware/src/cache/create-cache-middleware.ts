import { sha256Hex } from '@armorer/approval';
import { createMiddleware, type ToolMiddleware } from '@armorer/core';
import { type Execute, type ExecuteContext, isAsyncIterable } from '../common/context';
import { optionalFunction, positiveInteger, positiveNumber, readOptions } from '../common/options';
import { authorityScope, contextScope, identityOf } from './cache-key';
import { canonicalKey } from './canonical-key';
import { LruCache } from './lru-cache';

/** Options of {@link createCacheMiddleware}. */
export interface CacheMiddlewareOptions {
  /** How long a result is served from the cache. Default 60,000 ms. */
  readonly ttlMs?: number;
  /** The most entries kept; the least recently used is evicted first. Default 1,000. */
  readonly maxEntries?: number;
  /**
   * The most memory the entries may take, in bytes (estimated from their canonical form: two bytes per
   * character of the key and the value); the least recently used are evicted first, and a single result
   * larger than this is not cached. Default 64 MiB.
   */
  readonly maxBytes?: number;
  /**
   * Replaces the canonical arguments and context in the key (the tool and the caller's tenant and
   * principal always stay in it). Return `undefined` to skip the cache for a call.
   */
  readonly key?: (params: Record<string, unknown>, context: ExecuteContext) => string | undefined;
  /** Copy values in and out of the cache with `structuredClone`, so callers cannot alter each other's result. Default true. */
  readonly clone?: boolean;
  /** The clock, in epoch milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/** The cache middleware, with a way to empty it. */
export interface CacheMiddleware extends ToolMiddleware {
  /** Number of cached results. */
  readonly size: number;
  /** Estimated memory of the cached results and their keys, in bytes (bounded by `maxBytes`). */
  readonly bytes: number;
  /** Drops every cached result (calls in flight still share their execution). */
  clear(): void;
}

type Outcome =
  | { readonly ok: true; readonly value: unknown; readonly shareable: boolean }
  | { readonly ok: false; readonly error: unknown; readonly aborted: boolean };

const FACTORY = 'createCacheMiddleware';
/** Keys longer than this (large arguments) are replaced by their SHA-256, so the cache never holds them. */
const DIGEST_OVER = 512;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Caches successful results per tool, canonical arguments, caller tenant and principal, and toolbox
 * context, for `ttlMs`, in an LRU bounded by entries and by bytes. Keys are linear in the arguments (a
 * value too large or too shared to key in bounded work is simply not cached), and large arguments are
 * keyed by their SHA-256. Identical calls in flight share one execution. Errors are never
 * cached (callers sharing a failed execution all see its error, except that a follower whose leader was
 * cancelled runs the tool itself), and tools with `metadata.mutates` are left untouched. Streams and
 * values that are not plain data (class instances, functions) are neither cached nor shared.
 *
 * @example
 * ```ts
 * import { createTool, createToolbox } from '@armorer/core';
 * import { createCacheMiddleware } from '@armorer/middleware';
 * import { z } from 'zod';
 *
 * let fetches = 0;
 * const weather = createTool({
 *   name: 'weather',
 *   description: 'Current weather for a city',
 *   input: z.object({ city: z.string() }),
 *   async execute({ city }) {
 *     fetches++;
 *     return { city, temp: 21 };
 *   },
 * });
 * const toolbox = createToolbox([weather], { middleware: [createCacheMiddleware({ ttlMs: 60_000 })] });
 * await toolbox.execute({ name: 'weather', arguments: { city: 'Oslo' } });
 * await toolbox.execute({ name: 'weather', arguments: { city: 'Oslo' } });
 * fetches; // 1
 * ```
 */
export function createCacheMiddleware(options?: CacheMiddlewareOptions): CacheMiddleware {
  const read = readOptions(FACTORY, options);
  const ttlMs = read.ttlMs === undefined ? 60_000 : positiveNumber(FACTORY, 'ttlMs', read.ttlMs);
  const maxEntries =
    read.maxEntries === undefined ? 1000 : positiveInteger(FACTORY, 'maxEntries', read.maxEntries);
  const customKey = optionalFunction(FACTORY, 'key', read.key);
  const maxBytes =
    read.maxBytes === undefined ? DEFAULT_MAX_BYTES : positiveNumber(FACTORY, 'maxBytes', read.maxBytes);
  const now = optionalFunction(FACTORY, 'now', read.now) ?? Date.now;
  const copy = read.clone === false ? <T>(value: T): T => value : cloneValue;
  const cache = new LruCache<unknown>(maxEntries, ttlMs, now, maxBytes);
  const inFlight = new Map<string, Promise<Outcome>>();

  function keyOf(tool: number, params: Record<string, unknown>, context: ExecuteContext): string | undefined {
    const part = customKey === undefined ? defaultKey(params, context) : customKey(params, context);
    if (part === undefined) return undefined;
    const text = String(part);
    // Large arguments are keyed by digest: the cache then holds 64 characters per key, not the arguments.
    const written = text.length > DIGEST_OVER ? `#sha256:${sha256Hex(text)}` : text;
    return `${tool}\u0000${authorityScope(context)}\u0000${written}`;
  }

  /** A hit returns synchronously, so it costs no promise and no extra tick. */
  function run(
    tool: number,
    execute: Execute,
    params: Record<string, unknown>,
    context: ExecuteContext,
  ): unknown {
    const key = keyOf(tool, params, context);
    if (key === undefined) return execute(params, context);
    const hit = cache.get(key);
    if (hit !== undefined) return copy(hit.value);
    return share(key, execute, params, context);
  }

  async function share(
    key: string,
    execute: Execute,
    params: Record<string, unknown>,
    context: ExecuteContext,
  ) {
    for (;;) {
      const pending = inFlight.get(key);
      if (pending === undefined) break;
      const outcome = await pending;
      if (outcome.ok && outcome.shareable) return copy(outcome.value);
      if (!outcome.ok && !outcome.aborted) throw outcome.error;
      if (context.signal.aborted) throw context.signal.reason;
      // A stream or non-plain value cannot be shared: run the tool for this caller.
      if (outcome.ok) return execute(params, context);
      // The leader was cancelled: try again, possibly as the new leader (or hit what another stored).
      const hit = cache.get(key);
      if (hit !== undefined) return copy(hit.value);
    }
    let settle: (outcome: Outcome) => void = () => {};
    inFlight.set(key, new Promise<Outcome>((resolve) => (settle = resolve)));
    try {
      const value = await execute(params, context);
      const canonical = isAsyncIterable(value) ? undefined : canonicalKey(value);
      const shareable = canonical !== undefined;
      const stored = shareable ? copy(value) : value;
      if (shareable) cache.set(key, stored, 2 * (key.length + canonical.length));
      settle({ ok: true, value: stored, shareable });
      return value;
    } catch (error) {
      settle({ ok: false, error, aborted: context.signal.aborted });
      throw error;
    } finally {
      inFlight.delete(key);
    }
  }

  const middleware = createMiddleware({
    name: 'cache',
    transform(configuration) {
      if (configuration.metadata?.mutates === true) return undefined;
      const execute = configuration.execute;
      // Keyed by the implementation, so two different tools that share a name never share entries.
      const tool = identityOf(execute);
      return { execute: (params, context) => run(tool, execute, params, context) };
    },
  });
  return Object.freeze({
    kind: middleware.kind,
    specificationVersion: middleware.specificationVersion,
    name: middleware.name,
    transform: middleware.transform,
    get size() {
      return cache.size;
    },
    get bytes() {
      return cache.bytes;
    },
    clear: () => cache.clear(),
  });
}

function defaultKey(params: Record<string, unknown>, context: ExecuteContext): string | undefined {
  const args = canonicalKey(params);
  return args === undefined ? undefined : `${args}\u0000${contextScope(context)}`;
}

function cloneValue<T>(value: T): T {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}
