import { createToolError, type ToolError } from '@armorer/core';
import { checkFunction } from '../compose/compose-tool';
import { callStep, report, stepFailure } from '../compose/run-step';
import type { ComposableTool, ComposedTool, ComposeOptions, InferToolOutput } from '../compose/types';
import { checkWrapped, wrapTool } from '../compose/wrap-tool';
import { CompositionError } from '../errors/composition-error';
import {
  type BackoffSettings,
  backoffDelay,
  checkDelay,
  type RetryBackoff,
  type RetryJitter,
  sleep,
} from './backoff';

/** What `retryable` and `onRetry` learn about a failed attempt. */
export interface RetryAttempt {
  /** 1-based number of the attempt that failed. */
  readonly attempt: number;
  readonly error: ToolError;
}

/** Options of {@link retry}. */
export interface RetryOptions extends ComposeOptions {
  /** Total attempts, the first included. Default 3. */
  readonly attempts?: number;
  /** Base delay before the first retry. Default 100 ms. */
  readonly delayMs?: number;
  /** Cap of the delay; a `retryAfterMs` beyond it ends the retries. Default 30,000 ms. */
  readonly maxDelayMs?: number;
  /** Default `exponential` (the base delay doubles after every attempt). */
  readonly backoff?: RetryBackoff;
  /** Default `equal`. */
  readonly jitter?: RetryJitter;
  /** Whether a failure is worth retrying. Default: its `ToolError.retryable` (timeouts, rate limits, execution failures). */
  readonly retryable?: (attempt: RetryAttempt) => boolean | Promise<boolean>;
  /** Called before each retry with the failure and the delay about to be waited. */
  readonly onRetry?: (attempt: RetryAttempt & { readonly delayMs: number }) => void | Promise<void>;
  /** Random source of the jitter, in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
}

/**
 * Retries a tool while its failures are retryable: up to `attempts` tries, waiting an exponential (or
 * fixed) backoff with jitter between them, and at least a rate limit's `retryAfterMs`. Waiting stops at
 * once when the call is cancelled or times out. When every attempt fails, the call ends with the last
 * failure's code and a `PipelineError` cause that counts the attempts.
 *
 * @example
 * ```ts
 * const reliableFetch = retry(fetchUser, {
 *   attempts: 5,
 *   delayMs: 200,
 *   maxDelayMs: 5_000,
 *   retryable: ({ error }) => error.retryable && error.code !== 'RATE_LIMITED',
 *   onRetry: ({ attempt, delayMs }) => console.log(`attempt ${attempt} failed; retrying in ${delayMs} ms`),
 * });
 * const user = await reliableFetch({ id: 'user-123' });
 * ```
 */
export function retry<TTool extends ComposableTool>(
  tool: TTool,
  options?: RetryOptions,
): ComposedTool<TTool['schema'], InferToolOutput<TTool>> {
  const read = checkWrapped('retry', tool, options) ?? {};
  const attempts = read.attempts ?? 3;
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new CompositionError({
      code: 'INVALID_OPTIONS',
      message: 'retry(): attempts must be a positive integer.',
    });
  }
  const settings: BackoffSettings = {
    delayMs: checkDelay('delayMs', read.delayMs ?? 100),
    maxDelayMs: checkDelay('maxDelayMs', read.maxDelayMs ?? 30_000),
    backoff: checkChoice('backoff', read.backoff ?? 'exponential', ['fixed', 'exponential']),
    jitter: checkChoice('jitter', read.jitter ?? 'equal', ['none', 'full', 'equal']),
    random: optionalFunction('random', read.random) ?? Math.random,
  };
  const retryable =
    optionalFunction('retryable', read.retryable) ?? (({ error }: RetryAttempt) => error.retryable);
  const onRetry = optionalFunction('onRetry', read.onRetry);

  return wrapTool({
    kind: 'retry',
    tool,
    schema: tool.schema,
    options,
    async execute(params, context, position) {
      const signal = context.signal;
      for (let attempt = 1; ; attempt++) {
        report(context, position, tool, 'started', attempt);
        const result = await callStep(tool, params, context, signal);
        if (result.outcome === 'success') {
          report(context, position, tool, 'succeeded', attempt);
          return result.result;
        }
        const error =
          result.error ?? createToolError('EXECUTION_FAILED', `Tool "${tool.name}" did not succeed.`);
        const failed = { attempt, error };
        const delayMs = Math.max(backoffDelay(attempt, settings), error.details?.retryAfterMs ?? 0);
        const again =
          attempt < attempts &&
          !signal.aborted &&
          delayMs <= settings.maxDelayMs &&
          result.outcome === 'error' &&
          (await retryable(failed)) === true;
        if (!again) {
          report(context, position, tool, 'failed', attempt);
          throw stepFailure(position, tool, error, attempt);
        }
        report(context, position, tool, 'retrying', attempt);
        await onRetry?.({ ...failed, delayMs });
        await sleep(delayMs, signal);
      }
    },
  });
}

function checkChoice<T extends string>(name: string, value: T, choices: readonly T[]): T {
  if (!choices.includes(value)) {
    throw new CompositionError({
      code: 'INVALID_OPTIONS',
      message: `retry(): ${name} must be one of ${choices.map((choice) => `'${choice}'`).join(', ')}.`,
    });
  }
  return value;
}

function optionalFunction<T>(name: string, value: T | undefined): T | undefined {
  return value === undefined ? undefined : checkFunction('retry', name, value);
}
