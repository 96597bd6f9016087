import { describe, expect, test } from 'bun:test';
import { createTool } from '@armorer/core';
import fc from 'fast-check';
import { parameterSchema, zodInputSchema } from '../../adapter-shared/src/__fixtures__/schema-arbitraries';
import { geminiDeclarationProblems } from './__fixtures__/gemini-rules';
import { fromGeminiTools } from './tools/from-gemini-tools';
import { toGeminiTools } from './tools/to-gemini-tools';
import type { GeminiSchemaField } from './types';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const RUNS = { numRuns: 60, seed: 20261201 };
const FIELDS: readonly GeminiSchemaField[] = ['auto', 'parameters', 'parametersJsonSchema'];

/** Valid for Gemini in every schema field, and export -> import -> export is a fixed point. */
function checkExports(source: Parameters<typeof toGeminiTools>[0]): void {
  for (const schemaField of FIELDS) {
    const first = toGeminiTools(source, { schemaField });
    for (const declaration of first) expect(geminiDeclarationProblems(declaration)).toEqual([]);
    const again = toGeminiTools(
      fromGeminiTools(plain(first) as unknown[], { invalidDeclarations: 'throw' }),
      {
        schemaField,
      },
    );
    expect(plain(again)).toEqual(plain(first));
  }
}

describe('generated declarations (fast-check): Gemini', () => {
  test('every generated JSON Schema imports and exports valid declarations in every schema field', () => {
    fc.assert(
      fc.property(parameterSchema, (schema) => {
        const failures: unknown[] = [];
        const toolbox = fromGeminiTools(
          [{ name: 'generated_tool', description: 'Generated', parametersJsonSchema: schema }],
          { onInvalidDeclarations: (found) => failures.push(...found) },
        );
        expect(failures).toEqual([]);
        checkExports(toolbox);
      }),
      RUNS,
    );
  }, 120_000);

  test('every generated Zod schema exports valid declarations in every schema field', () => {
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
