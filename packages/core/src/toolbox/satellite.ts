import type { ToolboxEventMap } from '../events/types';
import { nextCallId } from '../execution/ids';
import * as observeModule from '../execution/observe';
import { installObserveSteps } from '../execution/observe-steps';
import type { ExecutionObserver } from '../execution/observer';
import type { ToolCallPreview } from '../execution/preview';
import type { ToolCall, ToolExecuteOptions } from '../execution/types';
import type { ToolboxEmbedder } from './embedder';
import { getToolboxInternals } from './internals';

/**
 * Hooks for satellite packages (query, tools, adapters) that extend a toolbox without reaching into its
 * internals. Not needed by applications.
 */
function internalsOrThrow(toolbox: unknown) {
  const internals = getToolboxInternals(toolbox as object);
  if (internals === undefined) throw new TypeError('Expected a toolbox created by createToolbox().');
  return internals;
}

/**
 * Emits a toolbox-wide event (`query`, `search`): no execution identity.
 *
 * @example
 * ```ts
 * emitToolboxEvent(toolbox, 'search', { query: 'send email', results: 3 });
 * ```
 */
export function emitToolboxEvent(
  toolbox: unknown,
  type: 'query' | 'search',
  detail: Record<string, unknown>,
): void {
  const { emitter } = internalsOrThrow(toolbox);
  if (emitter.size === 0 || !emitter.has(type)) return;
  const event: ToolboxEventMap['query' | 'search'] = {
    type,
    detail,
    timestamp: Date.now(),
  } as ToolboxEventMap[typeof type];
  emitter.emit(type, event);
}

/**
 * A number that changes whenever the toolbox's set of tools changes (registrations only ever append, so
 * an index can update incrementally from the tools it has not seen yet).
 *
 * @example
 * ```ts
 * if (getToolboxRevision(toolbox) !== indexedRevision) reindex();
 * ```
 */
export function getToolboxRevision(toolbox: unknown): number {
  return internalsOrThrow(toolbox).registrations.size;
}

/**
 * The embedder the toolbox was created with, if any.
 *
 * @example
 * ```ts
 * const embedder = getToolboxEmbedder(toolbox);
 * ```
 */
export function getToolboxEmbedder(toolbox: unknown): ToolboxEmbedder | undefined {
  return internalsOrThrow(toolbox).options.embedder;
}

/**
 * Installs an observer of every admitted call of a toolbox (tracing: see `armorer/instrumentation`),
 * replacing any previous one. Returns a function that removes it (a no-op once another observer
 * replaced it). A toolbox without an observer pays one property check per call.
 *
 * @example
 * ```ts
 * const stop = observeToolbox(toolbox, {
 *   specificationVersion: 'v1',
 *   start: (call) => performance.now(),
 *   end: (startedAt, result, call) => console.log(call.toolName, result.outcome, performance.now() - startedAt),
 * });
 * stop();
 * ```
 */
export function observeToolbox<TToken>(toolbox: unknown, observer: ExecutionObserver<TToken>): () => void {
  const { owner } = internalsOrThrow(toolbox);
  if (observer?.specificationVersion !== 'v1' || typeof observer.start !== 'function') {
    throw new TypeError('Expected an execution observer with specificationVersion "v1".');
  }
  installObserveSteps(observeModule);
  owner.observer = observer as ExecutionObserver;
  return () => {
    if (owner.observer === observer) owner.observer = undefined;
  };
}

/**
 * What a call would meet before its implementation runs (availability, arguments, validation, metadata
 * enforcement, `beforeExecute` policy, then the approval policy: a required capability, a pause unless a
 * grant would authorize the call), without executing it: adapters use it to ask for approval up front.
 * A grant's use is not taken. The name must be a registered name (no resolution); policy hooks run, so
 * hooks should not count calls.
 *
 * @example
 * ```ts
 * const preview = await previewToolCall(toolbox, { id: 'call-1', name: 'send-email', arguments: '{"to":"a@b.c"}' });
 * if (preview.status === 'needs_approval') askAPerson(preview.error?.message);
 * ```
 */
export function previewToolCall(
  toolbox: unknown,
  call: ToolCall,
  options?: ToolExecuteOptions,
): Promise<ToolCallPreview> {
  const { registrations } = internalsOrThrow(toolbox);
  const reg = typeof call?.name === 'string' ? registrations.get(call.name) : undefined;
  if (reg === undefined) return Promise.resolve({ status: 'not_found' });
  const callId = typeof call.id === 'string' && call.id.length > 0 ? call.id : nextCallId();
  // The preview (policy stages, failures, grants) loads with the first preview: an import of the package
  // that never previews a call does not load or compile it.
  return import('../execution/preview').then((preview) =>
    preview.previewRegisteredCall(reg, call, callId, options),
  );
}
