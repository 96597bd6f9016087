import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox, createToolError, type ToolResult } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { errorData, resultData, resultText } from './results/result-content';

const hostileValues = (): unknown[] => {
  const bare = Object.create(null) as Record<string, unknown>;
  bare['self'] = bare;
  const loop: unknown[] = [];
  loop.push(loop);
  const throwing = {
    toJSON: () => {
      throw new Error('boom');
    },
  };
  const primitiveless = {
    toJSON: () => {
      throw new Error('boom');
    },
    [Symbol.toPrimitive]: () => {
      throw new Error('no');
    },
  };
  return [
    undefined,
    null,
    12n,
    { n: 3n },
    bare,
    loop,
    throwing,
    primitiveless,
    Symbol('s'),
    () => 1,
    new Error('e'),
    'x'.repeat(1_000_000),
  ];
};

describe('red team: result content never throws', () => {
  test('resultText and resultData on hostile values', () => {
    for (const value of hostileValues()) {
      expect(typeof resultText(value)).toBe('string');
      const data = resultData(value);
      expect(() => JSON.stringify(data)).not.toThrow();
    }
  });

  test('arbitrary values', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withBoxedValues: true,
          withTypedArray: true,
          withSparseArray: true,
        }),
        (value) => {
          expect(typeof resultText(value)).toBe('string');
          expect(() => JSON.stringify(resultData(value))).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });

  test('errorData of an error with hostile details is JSON data, without stack traces', () => {
    const cycle: Record<string, unknown> = { n: 1n };
    cycle['self'] = cycle;
    // Details are typed, but results from untyped code or storage may carry anything.
    const error = createToolError('EXECUTION_FAILED', 'failed', {
      details: { cycle, cause: new Error('deep') } as never,
    });
    const data = errorData(error);
    expect(() => JSON.stringify(data)).not.toThrow();
    expect(JSON.stringify(data)).not.toContain('    at ');
  });

  test('a thrown error reaches the model without its stack', async () => {
    const tool = createTool({
      name: 'fails',
      description: 'fails',
      input: z.object({}),
      execute: async () => {
        throw new Error('kaput');
      },
    });
    const [result] = (await createToolbox([tool]).execute([
      { id: 'f', name: 'fails', arguments: {} },
    ])) as ToolResult[];
    const text = JSON.stringify(errorData(result?.error ?? createToolError('EXECUTION_FAILED', 'x')));
    expect(text).not.toContain('    at ');
    expect(text).not.toContain('.ts:');
  });
});
