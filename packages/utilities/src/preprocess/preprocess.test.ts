import { describe, expect, test } from 'bun:test';
import { createTool } from '@armorer/core';
import { z } from 'zod';
import { CompositionError } from '../errors/composition-error';
import { getPipelineError } from '../errors/error-utilities';
import { preprocess } from './preprocess';

const addNumbers = createTool({
  name: 'add-numbers',
  description: 'Add two numbers',
  input: z.object({ a: z.number(), b: z.number() }),
  execute: async ({ a, b }) => a + b,
});

describe('preprocess', () => {
  test('maps a new input shape to the tool input; both are validated', async () => {
    const addStrings = preprocess(addNumbers, ({ a, b }) => ({ a: Number(a), b: Number(b) }), {
      input: z.object({ a: z.string(), b: z.string() }),
      name: 'add-strings',
    });
    expect(await addStrings({ a: '5', b: '3' })).toBe(8);
    expect(addStrings.toJSON().input).toMatchObject({ properties: { a: { type: 'string' } } });
    expect((await addStrings.execute({ name: 'add-strings', arguments: { a: 5, b: 3 } })).error?.code).toBe(
      'INVALID_ARGUMENTS',
    );
    const nan = await addStrings.execute({ name: 'add-strings', arguments: { a: 'x', b: '3' } });
    expect(nan.error?.code).toBe('EXECUTION_FAILED');
    expect(getPipelineError(nan)?.toolError.code).toBe('INVALID_ARGUMENTS');
  });

  test('without an input schema, rewrites the tool input', async () => {
    const clamped = preprocess(addNumbers, async ({ a, b }) => ({ a: Math.min(a, 10), b: Math.min(b, 10) }));
    expect(await clamped({ a: 100, b: 1 })).toBe(11);
    expect(clamped.name).toBe('preprocess-add-numbers');
  });

  test('rejects a missing mapper and a non-schema input', () => {
    expect(() => preprocess(addNumbers, 'map' as never)).toThrow(CompositionError);
    expect(() => preprocess(addNumbers, (value) => value, { input: { a: 'string' } as never })).toThrow(
      /Zod object schema/,
    );
  });
});
