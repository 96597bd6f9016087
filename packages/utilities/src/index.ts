/**
 * @armorer/utilities: tool composition. `pipe`, `bind`, `parallel`, `retry`, `when`, `tap`, `preprocess`
 * and `postprocess` build real tools with `createTool` (validated, evented, serializable, registrable),
 * with their input and output types inferred. A failed step is reported as a `PipelineError`.
 *
 * @example
 * ```ts
 * import { createTool, createToolbox } from '@armorer/core';
 * import { pipe, retry } from '@armorer/utilities';
 * import { z } from 'zod';
 *
 * const parseNumber = createTool({
 *   name: 'parse-number',
 *   description: 'Parse a string to a number',
 *   input: z.object({ str: z.string() }),
 *   execute: async ({ str }) => ({ value: Number.parseInt(str, 10) }),
 * });
 * const double = createTool({
 *   name: 'double',
 *   description: 'Double a number',
 *   input: z.object({ value: z.number() }),
 *   execute: async ({ value }) => value * 2,
 * });
 * const pipeline = retry(pipe(parseNumber, double), { attempts: 2 });
 * const toolbox = createToolbox([pipeline]);
 * const result = await toolbox.execute({ name: pipeline.name, arguments: { str: '21' } });
 * result.result; // 42
 * ```
 *
 * @module
 */
export type { OmitFromSchema } from './bind/bind';
export { bind } from './bind/bind';
export type {
  AcceptsValue,
  ComposableTool,
  ComposedTool,
  ComposeOptions,
  CompositionCheckpoint,
  CompositionContext,
  CompositionKind,
  InferToolInput,
  InferToolOutput,
  InferToolParams,
  OutputHandler,
  StepInputMismatch,
} from './compose/types';
export type { CompositionErrorCode } from './errors/composition-error';
export { CompositionError } from './errors/composition-error';
export { getPipelineError, getToolError, isRetryableError, toError } from './errors/error-utilities';
export type { PipelineErrorCode, PipelineErrorOptions } from './errors/pipeline-error';
export { PipelineError } from './errors/pipeline-error';
export type { MergedSchema, ParallelOutput } from './parallel/parallel';
export { parallel } from './parallel/parallel';
export type { PipeChain, PipeOutput, PipeSteps } from './pipe/pipe';
export { pipe } from './pipe/pipe';
export { postprocess } from './postprocess/postprocess';
export type { PreprocessOptions } from './preprocess/preprocess';
export { preprocess } from './preprocess/preprocess';
export type { RetryBackoff, RetryJitter } from './retry/backoff';
export type { RetryAttempt, RetryOptions } from './retry/retry';
export { retry } from './retry/retry';
export { tap } from './tap/tap';
export type { WhenPredicate } from './when/when';
export { when } from './when/when';
