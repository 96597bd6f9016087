import type { ToolboxEventMap } from '../events/types';
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
