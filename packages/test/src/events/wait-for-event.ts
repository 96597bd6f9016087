import type { ToolboxEventMap, ToolEventMap } from '@armorer/core';

interface OnceSource<TMap> {
  once<K extends keyof TMap>(type: K, options?: { readonly signal?: AbortSignal }): Promise<TMap[K]>;
}

/** Options of {@link waitForEvent}. */
export interface WaitForEventOptions {
  /** Reject when no event arrived in time. Default 1,000 ms. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/**
 * Resolves with the next event of a type from a toolbox or tool, or rejects after `timeoutMs` so a test
 * fails with a clear message instead of hanging.
 *
 * @example
 * ```ts
 * const settled = waitForEvent(toolbox, 'settled');
 * void toolbox.execute({ name: 'weather', arguments: {} });
 * expect((await settled).detail.result.outcome).toBe('success');
 * ```
 */
export function waitForEvent<K extends keyof ToolboxEventMap>(
  toolbox: OnceSource<ToolboxEventMap> & { names(): readonly string[] },
  type: K,
  options?: WaitForEventOptions,
): Promise<ToolboxEventMap[K]>;
export function waitForEvent<K extends keyof ToolEventMap>(
  tool: OnceSource<ToolEventMap>,
  type: K,
  options?: WaitForEventOptions,
): Promise<ToolEventMap[K]>;
export function waitForEvent(
  target: OnceSource<ToolboxEventMap> | OnceSource<ToolEventMap>,
  type: string,
  options?: WaitForEventOptions,
): Promise<unknown> {
  if (typeof target?.once !== 'function')
    return Promise.reject(new TypeError('waitForEvent() expects a toolbox or a tool.'));
  const timeoutMs = options?.timeoutMs ?? 1000;
  if (!(typeof timeoutMs === 'number' && timeoutMs > 0 && Number.isFinite(timeoutMs))) {
    return Promise.reject(new RangeError('waitForEvent(): timeoutMs must be a positive number.'));
  }
  const controller = new AbortController();
  const outer = options?.signal;
  const onAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new Error(`No "${type}" event within ${timeoutMs} ms.`)),
    timeoutMs,
  );
  const once = target.once as (type: string, options: { readonly signal: AbortSignal }) => Promise<unknown>;
  return once.call(target, type, { signal: controller.signal }).finally(() => {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  });
}
