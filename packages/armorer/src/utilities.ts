/**
 * armorer/utilities: everything the root entry exports (it re-exports the root entry itself, so the two
 * cannot drift apart), plus `@armorer/utilities` (composition: `pipe`, `bind`, `parallel`, `retry`,
 * `when`, `tap`, `preprocess`, `postprocess`, `PipelineError`).
 *
 * @module
 */

export * from '@armorer/utilities';
export * from './index';
