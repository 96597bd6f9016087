import { ArmorerError, type ToolError } from '@armorer/core';
import type { CompositionKind } from '../compose/types';

/** Codes of {@link PipelineError}. */
export type PipelineErrorCode = 'STEP_FAILED';

/** What a {@link PipelineError} records about the step that failed. */
export interface PipelineErrorOptions {
  /** The composed tool. */
  readonly pipeline: string;
  readonly composition: CompositionKind;
  /** 0-based position of the failed step. */
  readonly stepIndex: number;
  /** Name of the tool that failed. */
  readonly stepName: string;
  /** Number of steps of the composition. */
  readonly stepCount: number;
  /** The failed step's own error. */
  readonly toolError: ToolError;
  /** For `retry`: how many attempts were made. */
  readonly attempts?: number;
}

/**
 * Which step of a composed tool failed, and why. A composed tool's failed `ToolResult` carries it as
 * `error.cause` (the error keeps the step's code and category, except that a step's validation failure
 * is an `EXECUTION_FAILED` of the composition, since the caller's arguments were valid); find it with
 * `getPipelineError(result)`.
 *
 * @example
 * ```ts
 * const result = await pipeline.execute({ name: pipeline.name, arguments: { str: 'x' } });
 * const failure = getPipelineError(result);
 * if (failure) console.log(failure.stepIndex, failure.stepName, failure.toolError.code);
 * ```
 */
export class PipelineError extends ArmorerError<PipelineErrorCode> {
  readonly pipeline: string;
  readonly composition: CompositionKind;
  readonly stepIndex: number;
  readonly stepName: string;
  readonly stepCount: number;
  readonly toolError: ToolError;
  readonly attempts: number | undefined;

  constructor(options: PipelineErrorOptions) {
    const attempts = options.attempts === undefined ? '' : ` after ${options.attempts} attempt(s)`;
    super({
      code: 'STEP_FAILED',
      message:
        `${options.composition} "${options.pipeline}" failed at step ${options.stepIndex + 1} of ` +
        `${options.stepCount} ("${options.stepName}")${attempts}: ${options.toolError.message}`,
      cause: options.toolError.cause,
    });
    this.name = 'PipelineError';
    this.pipeline = options.pipeline;
    this.composition = options.composition;
    this.stepIndex = options.stepIndex;
    this.stepName = options.stepName;
    this.stepCount = options.stepCount;
    this.toolError = options.toolError;
    this.attempts = options.attempts;
  }

  static override isInstance(error: unknown): error is PipelineError {
    return ArmorerError.isInstance(error) && error.name === 'PipelineError';
  }
}
