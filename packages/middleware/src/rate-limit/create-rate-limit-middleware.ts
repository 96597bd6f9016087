import { createMiddleware, createToolError, ToolFailureError, type ToolMiddleware } from '@armorer/core';
import type { ExecuteContext } from '../common/context';
import { optionalFunction, positiveInteger, positiveNumber, readOptions } from '../common/options';
import { SlidingWindow } from './sliding-window';

/** Options of {@link createRateLimitMiddleware}. */
export interface RateLimitMiddlewareOptions {
  /** Calls admitted per window, per tool (and per key). A positive integer. */
  readonly limit: number;
  /** The window, in milliseconds. */
  readonly windowMs: number;
  /**
   * Splits a tool's limit by a key, for example per tenant:
   * `(params, context) => context.requestContext?.authority?.tenantId ?? 'anonymous'`.
   */
  readonly key?: (params: Record<string, unknown>, context: ExecuteContext) => string;
  /** The clock, in epoch milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/** The rate limit middleware, with the number of keys it currently tracks. */
export interface RateLimitMiddleware extends ToolMiddleware {
  /** Keys (tool, or tool and key) with a call inside the current window: what the limiter holds in memory. */
  readonly activeKeys: number;
}

const FACTORY = 'createRateLimitMiddleware';

/**
 * Limits each tool to `limit` calls per sliding `windowMs`. A call over the limit does not wait and does
 * not run: it ends at once with a `RATE_LIMITED` error (category `rate_limited`, retryable) whose
 * `details.retryAfterMs` says when a call will be admitted again. Tools registered through one middleware
 * under the same name share their limit, across toolboxes.
 *
 * @example
 * ```ts
 * import { createToolbox } from '@armorer/core';
 * import { createRateLimitMiddleware } from '@armorer/middleware';
 *
 * const toolbox = createToolbox([search], {
 *   middleware: [createRateLimitMiddleware({ limit: 100, windowMs: 60_000 })],
 * });
 * const result = await toolbox.execute({ name: 'search', arguments: { query: 'armorer' } });
 * if (result.error?.code === 'RATE_LIMITED') console.log(`retry in ${result.error.details?.retryAfterMs} ms`);
 * ```
 */
export function createRateLimitMiddleware(options: RateLimitMiddlewareOptions): RateLimitMiddleware {
  const read = readOptions(FACTORY, options);
  const limit = positiveInteger(FACTORY, 'limit', read.limit);
  const windowMs = positiveNumber(FACTORY, 'windowMs', read.windowMs);
  const keyOf = optionalFunction(FACTORY, 'key', read.key);
  const now = optionalFunction(FACTORY, 'now', read.now) ?? Date.now;
  // The logs in order of last use (a Map keeps insertion order; a used log moves to the end), so the
  // least recently used log is always first: expiry looks only there. O(1) per call, amortized: each
  // log is dropped at most once, and the memory is bounded by the keys used within the last window.
  const windows = new Map<string, SlidingWindow>();

  function windowFor(key: string, at: number): SlidingWindow {
    let window = windows.get(key);
    if (window === undefined) window = new SlidingWindow(limit, windowMs);
    else windows.delete(key);
    windows.set(key, window);
    for (const [oldest, candidate] of windows) {
      if (candidate === window || !candidate.idle(at)) break;
      windows.delete(oldest);
    }
    return window;
  }

  const middleware = createMiddleware({
    name: 'rate-limit',
    transform(configuration) {
      const { name, execute } = configuration;
      return {
        execute(params, context) {
          const key = keyOf === undefined ? name : `${name}\u0000${String(keyOf(params, context))}`;
          const at = now();
          const retryAfterMs = windowFor(key, at).tryAcquire(at);
          if (retryAfterMs > 0) {
            throw new ToolFailureError(
              createToolError(
                'RATE_LIMITED',
                `Tool "${name}" is rate limited to ${limit} call(s) per ${windowMs} ms. Retry in ${retryAfterMs} ms.`,
                { details: { retryAfterMs } },
              ),
            );
          }
          return execute(params, context);
        },
      };
    },
  });
  return Object.freeze({
    kind: middleware.kind,
    specificationVersion: middleware.specificationVersion,
    name: middleware.name,
    transform: middleware.transform,
    get activeKeys() {
      return windows.size;
    },
  });
}
