/**
 * @armorer/middleware: production middleware for armorer toolboxes. Caching with in-flight sharing,
 * sliding-window rate limits, deadlines, result truncation and fencing of untrusted tool output. Every
 * factory returns a `ToolMiddleware` for `createToolbox(tools, { middleware: [...] })`; middleware
 * transforms tool configurations at registration, so a call pays nothing for middleware that does not
 * touch its tool.
 *
 * @example
 * ```ts
 * import { createToolbox } from '@armorer/core';
 * import {
 *   createCacheMiddleware,
 *   createRateLimitMiddleware,
 *   createTruncationMiddleware,
 *   createUntrustedOutputFencingMiddleware,
 * } from '@armorer/middleware';
 *
 * const toolbox = createToolbox([], {
 *   middleware: [
 *     createCacheMiddleware({ ttlMs: 60000 }),
 *     createRateLimitMiddleware({ limit: 100, windowMs: 60000 }),
 *     createUntrustedOutputFencingMiddleware(),
 *     createTruncationMiddleware({ maxCharacters: 2000 }),
 *   ],
 * });
 * ```
 *
 * @module
 */
export type { CacheMiddleware, CacheMiddlewareOptions } from './cache/create-cache-middleware';
export { createCacheMiddleware } from './cache/create-cache-middleware';
export type { MiddlewareOptionsErrorCode } from './errors/middleware-options-error';
export { MiddlewareOptionsError } from './errors/middleware-options-error';
export type { UntrustedOutputFencingOptions } from './fencing/create-untrusted-output-fencing-middleware';
export { createUntrustedOutputFencingMiddleware } from './fencing/create-untrusted-output-fencing-middleware';
export type { UntrustedOutputFence } from './fencing/fence';
export type {
  RateLimitMiddleware,
  RateLimitMiddlewareOptions,
} from './rate-limit/create-rate-limit-middleware';
export { createRateLimitMiddleware } from './rate-limit/create-rate-limit-middleware';
export type { TimeoutMiddlewareOptions } from './timeout/create-timeout-middleware';
export { createTimeoutMiddleware } from './timeout/create-timeout-middleware';
export type { TruncationMiddlewareOptions } from './truncation/create-truncation-middleware';
export { createTruncationMiddleware } from './truncation/create-truncation-middleware';
