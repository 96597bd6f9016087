import { describe, expect, test } from 'bun:test';
import { createToolError, ToolCallError, ToolFailureError } from '@armorer/core';
import { double, parseNumber } from '../__fixtures__/tools';
import { pipe } from '../pipe/pipe';
import { getPipelineError, getToolError, isRetryableError, toError } from './error-utilities';
import { PipelineError } from './pipeline-error';

describe('error utilities', () => {
  const timeout = createToolError('TIMEOUT', 'took too long');

  test('getToolError reads ToolErrors from errors, results and thrown values', () => {
    expect(getToolError(timeout)).toBe(timeout);
    expect(getToolError({ outcome: 'error', error: timeout })).toBe(timeout);
    expect(getToolError(new ToolFailureError(timeout))).toBe(timeout);
    expect(getToolError(new ToolCallError('x', timeout))).toBe(timeout);
    for (const value of [undefined, null, 'TIMEOUT', 42, {}, new Error('plain'), { error: 'x' }]) {
      expect(getToolError(value)).toBeUndefined();
    }
  });

  test('isRetryableError follows the ToolError', () => {
    expect(isRetryableError(timeout)).toBe(true);
    expect(isRetryableError(createToolError('POLICY_DENIED', 'no'))).toBe(false);
    expect(isRetryableError(new Error('unknown'))).toBe(false);
    expect(isRetryableError(undefined)).toBe(false);
  });

  test('getPipelineError finds the failed step from a result, a thrown error or a cause chain', async () => {
    const pipeline = pipe(parseNumber, double);
    const result = await pipeline.execute({ name: pipeline.name, arguments: { str: 'x' } });
    const fromResult = getPipelineError(result);
    expect(fromResult).toBeInstanceOf(PipelineError);
    const thrown = await pipeline({ str: 'x' }).catch((error: unknown) => error);
    expect(getPipelineError(thrown)?.stepName).toBe('parse-number');
    expect(getPipelineError(new Error('outer', { cause: fromResult }))).toBe(fromResult as PipelineError);
    expect(getPipelineError(new Error('no pipeline'))).toBeUndefined();
    const cycle: { cause?: unknown } = {};
    cycle.cause = cycle;
    expect(getPipelineError(cycle)).toBeUndefined();
    expect(PipelineError.isInstance(fromResult)).toBe(true);
    expect(PipelineError.isInstance(new Error('x'))).toBe(false);
  });

  test('toError turns anything into an Error', () => {
    const error = new Error('kept');
    expect(toError(error)).toBe(error);
    const fromToolError = toError(timeout);
    expect(fromToolError.message).toBe('took too long');
    expect(fromToolError.name).toBe('ToolError(TIMEOUT)');
    expect(fromToolError.cause).toBe(timeout);
    expect(toError('text').message).toBe('text');
    expect(toError({ a: 1 }).message).toBe('{"a":1}');
    const hostile = {
      toJSON() {
        throw new Error('no');
      },
    };
    expect(toError(hostile)).toBeInstanceOf(Error);
  });
});
