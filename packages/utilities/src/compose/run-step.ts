import {
  createToolError,
  type ExecuteWithOptions,
  type ObjectSchema,
  type Tool,
  type ToolError,
  ToolFailureError,
  type ToolResult,
} from '@armorer/core';
import { PipelineError } from '../errors/pipeline-error';
import type { ComposableTool, CompositionCheckpoint, CompositionContext, CompositionKind } from './types';

/** Where a step sits in its composition. */
export interface StepPosition {
  readonly pipeline: string;
  readonly composition: CompositionKind;
  readonly stepIndex: number;
  readonly stepCount: number;
}

/** The position of step `stepIndex` of `stepCount` in the `composition` that `context`'s call runs. */
export function stepPosition(
  composition: CompositionKind,
  context: CompositionContext,
  stepIndex = 0,
  stepCount = 1,
): StepPosition {
  return { pipeline: context.toolName, composition, stepIndex, stepCount };
}

/**
 * Calls a step through its own pipeline (validation, policy, events), under the composed call's signal,
 * owner and request context. Resolves to the step's `ToolResult`.
 */
export function callStep(
  step: ComposableTool,
  params: unknown,
  context: CompositionContext,
  signal: AbortSignal = context.signal,
): Promise<ToolResult> {
  const options: ExecuteWithOptions<Record<string, unknown>> = {
    params: params as Record<string, unknown>,
    signal,
    ...(context.ownerId === undefined ? {} : { ownerId: context.ownerId }),
    ...(context.requestContext === undefined ? {} : { requestContext: context.requestContext }),
  };
  return (step as unknown as Tool<string, ObjectSchema>).executeWith(options);
}

/**
 * The error a composed call ends with when a step fails: the step's code, category, retryability and
 * details, with a {@link PipelineError} as the cause. A step's validation failure is an internal
 * `EXECUTION_FAILED`: the caller's own arguments were valid.
 */
export function stepFailure(
  position: StepPosition,
  step: ComposableTool,
  error: ToolError,
  attempts?: number,
): ToolFailureError {
  const pipelineError = new PipelineError({
    ...position,
    stepName: step.name,
    toolError: error,
    ...(attempts === undefined ? {} : { attempts }),
  });
  const internal = error.category === 'validation' || error.category === 'not_found';
  return new ToolFailureError(
    createToolError(internal ? 'EXECUTION_FAILED' : error.code, pipelineError.message, {
      cause: pipelineError,
      retryable: internal ? false : error.retryable,
      ...(error.details === undefined ? {} : { details: error.details }),
    }),
  );
}

/**
 * Runs a step (under `signal`, by default the composed call's) and returns its value, or throws
 * {@link stepFailure}. Reports progress around it.
 */
export async function runStep(
  position: StepPosition,
  step: ComposableTool,
  params: unknown,
  context: CompositionContext,
  signal: AbortSignal = context.signal,
): Promise<unknown> {
  report(context, position, step, 'started');
  const result = await callStep(step, params, context, signal);
  if (result.outcome === 'success') {
    report(context, position, step, 'succeeded');
    return result.result;
  }
  report(context, position, step, 'failed');
  throw stepFailure(
    position,
    step,
    result.error ?? createToolError('EXECUTION_FAILED', `Step "${step.name}" did not succeed.`),
  );
}

/** Reports a step's progress as a `progress` event with a {@link CompositionCheckpoint}. */
export function report(
  context: CompositionContext,
  position: StepPosition,
  step: ComposableTool,
  status: CompositionCheckpoint['status'],
  attempt?: number,
): void {
  const checkpoint: CompositionCheckpoint = {
    kind: 'composition-step',
    composition: position.composition,
    stepIndex: position.stepIndex,
    stepName: step.name,
    status,
    ...(attempt === undefined ? {} : { attempt }),
  };
  const done = position.stepIndex + (status === 'succeeded' ? 1 : 0);
  context.progress({
    percent: Math.round((done / position.stepCount) * 100),
    message: `${step.name}: ${status}`,
    checkpoint,
  });
}
