import { describe, expect, test } from 'bun:test';
import { createToolbox, isTool, type ToolboxEventMap, ToolCallError } from '@armorer/core';
import { double, fetchPage, parseNumber, sendEmail, stringify } from '../__fixtures__/tools';
import type { CompositionCheckpoint } from '../compose/types';
import { CompositionError } from '../errors/composition-error';
import { getPipelineError } from '../errors/error-utilities';
import { PipelineError } from '../errors/pipeline-error';
import { pipe } from './pipe';

describe('pipe', () => {
  const pipeline = pipe(parseNumber, double, stringify);

  test('passes each output to the next step', async () => {
    expect(await pipeline({ str: '21' })).toBe('Result: 42');
    expect(await pipe(parseNumber, double, double, double)({ str: '1' })).toEqual({ value: 8 });
  });

  test('is a real tool: validated against the first schema, serializable, registrable', async () => {
    expect(isTool(pipeline)).toBe(true);
    expect(pipeline.name).toBe('pipe-parse-number-double-stringify');
    expect(pipeline.toJSON()).toMatchObject({
      name: 'pipe-parse-number-double-stringify',
      tags: ['math', 'format'],
      input: { type: 'object', properties: { str: { type: 'string' } }, required: ['str'] },
    });
    const invalid = await pipeline.execute({ name: pipeline.name, arguments: { str: 21 } });
    expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
    const toolbox = createToolbox([pipeline]);
    const result = await toolbox.execute({
      name: 'pipe-parse-number-double-stringify',
      arguments: '{"str":"5"}',
    });
    expect(result.result).toBe('Result: 10');
  });

  test('a failing step ends the call with a PipelineError naming it', async () => {
    const result = await pipeline.execute({ name: pipeline.name, arguments: { str: 'abc' } });
    expect(result.outcome).toBe('error');
    expect(result.error?.code).toBe('EXECUTION_FAILED');
    expect(result.error?.message).toContain('failed at step 1 of 3 ("parse-number")');
    expect(result.error?.message).toContain('"abc" is not a number');
    const failure = getPipelineError(result);
    expect(failure).toBeInstanceOf(PipelineError);
    expect(failure).toMatchObject({
      stepIndex: 0,
      stepName: 'parse-number',
      stepCount: 3,
      composition: 'pipe',
    });
    const thrown = await pipeline({ str: 'abc' }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(PipelineError);
    expect(PipelineError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ stepIndex: 0, stepName: 'parse-number', pipeline: pipeline.name });
    expect((thrown as PipelineError).toolError.message).toContain('"abc" is not a number');
    expect(getPipelineError(thrown)).toBe(thrown as PipelineError);
    // Invalid arguments of the pipeline itself fail before any step: the usual ToolCallError.
    const invalid = await pipeline({ str: 3 } as never).catch((error: unknown) => error);
    expect(ToolCallError.isInstance(invalid)).toBe(true);
  });

  test("a step that rejects the previous step's output is an internal execution failure", async () => {
    // Typed loosely on purpose: the type checker refuses this chain.
    const broken = (pipe as (...tools: unknown[]) => typeof pipeline)(double, parseNumber);
    const result = await broken.execute({ name: broken.name, arguments: { value: 2 } });
    expect(result.error?.code).toBe('EXECUTION_FAILED');
    expect(result.error?.retryable).toBe(false);
    expect(getPipelineError(result)?.toolError.code).toBe('INVALID_ARGUMENTS');
  });

  test('reports each step as progress with a checkpoint', async () => {
    const checkpoints: CompositionCheckpoint[] = [];
    pipeline.addEventListener('progress', (event: ToolboxEventMap['progress']) => {
      checkpoints.push(event.detail.checkpoint as CompositionCheckpoint);
    });
    await pipeline({ str: '1' });
    expect(checkpoints.map((checkpoint) => `${checkpoint.stepName}:${checkpoint.status}`)).toEqual([
      'parse-number:started',
      'parse-number:succeeded',
      'double:started',
      'double:succeeded',
      'stringify:started',
      'stringify:succeeded',
    ]);
  });

  test('derives metadata and risk from its steps, and takes options', () => {
    expect(pipeline.metadata).toBeUndefined();
    expect(pipe(double, stringify).metadata).toBeUndefined();
    const readOnly = pipe(stringify, stringify as never);
    expect(readOnly.metadata).toEqual({ readOnly: true });
    const risky = pipe(fetchPage, sendEmail as never);
    expect(risky.metadata).toEqual({ mutates: true });
    expect(risky.risk).toEqual({ untrustedOutput: true });
    expect(risky.tags).toContain('untrusted-output');
    const named = pipe(parseNumber, double, {
      name: 'times-two',
      description: 'Doubles a numeric string',
      tags: ['x'],
    });
    expect([named.name, named.description, named.tags]).toEqual([
      'times-two',
      'Doubles a numeric string',
      ['x'],
    ]);
  });

  test('long default names are shortened but stay distinct', () => {
    const long = pipe(parseNumber, double, double, double, double, double, double, double);
    expect(long.name.length).toBeLessThanOrEqual(64);
    expect(long.name).not.toBe(pipe(parseNumber, double, double, double, double, double, double).name);
  });

  test('passes the caller signal: a cancelled pipeline stops', async () => {
    const result = await pipeline.execute(
      { name: pipeline.name, arguments: { str: '1' } },
      { signal: AbortSignal.abort() },
    );
    expect(result.outcome).toBe('cancelled');
  });

  test('rejects non-tools, a single tool and bad options', () => {
    expect(() => (pipe as (...args: unknown[]) => unknown)(parseNumber, { name: 'x' })).toThrow(
      CompositionError,
    );
    expect(() => (pipe as (...args: unknown[]) => unknown)(parseNumber, () => 1)).toThrow(
      /step 2 is not a tool/,
    );
    expect(() => (pipe as (...args: unknown[]) => unknown)(parseNumber, double, [])).toThrow(
      /options must be an object/,
    );
    expect(() => (pipe as (...args: unknown[]) => unknown)()).toThrow(CompositionError);
    expect(() => pipe(parseNumber, double, { name: 'has space' })).toThrow(/Tool name/);
  });
});
