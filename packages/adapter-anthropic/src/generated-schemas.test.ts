import { describe, expect, test } from 'bun:test';
import { createTool } from '@armorer/core';
import fc from 'fast-check';
import { parameterSchema, zodInputSchema } from '../../adapter-shared/src/__fixtures__/schema-arbitraries';
import { anthropicToolProblems } from './__fixtures__/anthropic-rules';
import { fromAnthropicTools } from './tools/from-anthropic-tools';
import { toAnthropicTools } from './tools/to-anthropic-tools';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const RUNS = { numRuns: 80, seed: 20261201 };

/** Valid for Anthropic, and export -> import -> export is a fixed point. */
function checkExports(source: Parameters<typeof toAnthropicTools>[0]): void {
  const first = toAnthropicTools(source);
  for (const tool of first) expect(anthropicToolProblems(tool)).toEqual([]);
  const again = toAnthropicTools(
    fromAnthropicTools(plain(first) as unknown[], { invalidDeclarations: 'throw' }),
  );
  expect(plain(again)).toEqual(plain(first));
}

describe('generated declarations (fast-check): Anthropic', () => {
  test('every generated JSON Schema imports and exports a valid input_schema', () => {
    fc.assert(
      fc.property(parameterSchema, (schema) => {
        const failures: unknown[] = [];
        const toolbox = fromAnthropicTools(
          [{ name: 'generated_tool', description: 'Generated', input_schema: schema }],
          {
            onInvalidDeclarations: (found) => failures.push(...found),
          },
        );
        expect(failures).toEqual([]);
        checkExports(toolbox);
      }),
      RUNS,
    );
  }, 120_000);

  test('every generated Zod schema exports a valid input_schema', () => {
    fc.assert(
      fc.property(zodInputSchema, (input) => {
        checkExports([
          createTool({ name: 'zod_tool', description: 'Z', input, execute: (params) => params }),
        ]);
      }),
      RUNS,
    );
  }, 120_000);
});
