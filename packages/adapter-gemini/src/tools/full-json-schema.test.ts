import { describe, expect, test } from 'bun:test';
import { validatorFor } from '@armorer/adapter-fixtures/meta-schema';
import { bfclGroups, githubTools } from '@armorer/adapter-fixtures/real-declarations';
import { WILD_TOOLS } from '@armorer/adapter-fixtures/wild-declarations';
import type { ConversionWarning } from '@armorer/adapter-shared';
import { createTool, createToolbox, toolInputJsonSchema } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { geminiFullSchemaProblems } from '../__fixtures__/gemini-rules';
import type { GeminiFunctionDeclaration, GeminiSchemaField } from '../types';
import { fromGeminiTools } from './from-gemini-tools';
import { toGeminiTools } from './to-gemini-tools';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const constrained = createTool({
  name: 'search_issues',
  description: 'Search issues',
  input: z.object({
    query: z
      .string()
      .min(3)
      .max(200)
      .regex(/^[^\n]+$/),
    labels: z.array(z.string()).min(1).max(5),
    filters: z.record(z.string(), z.string()).optional(),
    page: z.number().int().positive().multipleOf(1).optional(),
  }),
  execute: (params) => params,
});

/** Values to compare two validators on: random JSON, and objects over a schema's own property names. */
function valuesFor(schema: Record<string, unknown>): fc.Arbitrary<unknown> {
  const names = Object.keys((schema['properties'] as Record<string, unknown> | undefined) ?? {});
  const keyed =
    names.length === 0
      ? fc.jsonValue()
      : fc.dictionary(fc.constantFrom(...names), fc.oneof(fc.jsonValue(), fc.string(), fc.integer()));
  return fc.oneof(fc.jsonValue(), keyed);
}

describe("Gemini's full JSON Schema mode (jsonSchema: 'full')", () => {
  test('declares the whole schema in parametersJsonSchema and reports what Gemini does not follow', () => {
    const warnings: ConversionWarning[] = [];
    for (const schemaField of ['auto', 'parametersJsonSchema'] satisfies GeminiSchemaField[]) {
      warnings.length = 0;
      const [declaration] = toGeminiTools([constrained], {
        schemaField,
        jsonSchema: 'full',
        onWarnings: (found) => warnings.push(...found),
      });
      const { $schema: _dialect, ...own } = toolInputJsonSchema(constrained.configuration.schema);
      expect(declaration?.parametersJsonSchema).toEqual(own);
      expect(declaration?.parameters).toBeUndefined();
      expect(warnings.map((warning) => `${warning.code} ${warning.path} ${warning.keyword}`)).toEqual([
        'IGNORED_KEYWORD /properties/query minLength',
        'IGNORED_KEYWORD /properties/query maxLength',
        'IGNORED_KEYWORD /properties/query pattern',
        'IGNORED_KEYWORD /properties/filters propertyNames',
        'IGNORED_KEYWORD /properties/page exclusiveMinimum',
        'IGNORED_KEYWORD /properties/page multipleOf',
      ]);
      expect(geminiFullSchemaProblems(declaration)).toEqual([]);
    }
    // The subset mode is unchanged, and `parameters` is not affected by the option.
    const subset = toGeminiTools([constrained], { schemaField: 'parametersJsonSchema' })[0];
    expect(JSON.stringify(subset?.parametersJsonSchema)).not.toContain('minLength');
    const parameters = toGeminiTools([constrained], { schemaField: 'parameters', jsonSchema: 'full' })[0];
    expect(parameters?.parameters).toBeDefined();
    expect(parameters?.parametersJsonSchema).toBeUndefined();
  });

  test('real declarations (BFCL, github-mcp-server, wild MCP): nothing left out, accepted, fixed points', () => {
    const sets = [
      ...bfclGroups().map((group) =>
        group.map((fn) => ({
          name: fn.name,
          description: fn.description,
          parametersJsonSchema: fn.parameters,
        })),
      ),
      githubTools().map((tool) => ({
        name: tool.name,
        description: tool.description,
        parametersJsonSchema: tool.inputSchema,
      })),
      WILD_TOOLS.map((tool) => ({
        name: tool.name,
        description: tool.description,
        parametersJsonSchema: tool.inputSchema,
      })),
    ];
    const warnings: ConversionWarning[] = [];
    let declared = 0;
    let unchanged = 0;
    let rewritten = 0;
    for (const set of sets) {
      const toolbox = fromGeminiTools(set, { onInvalidDeclarations: () => {} });
      const first: GeminiFunctionDeclaration[] = toGeminiTools(toolbox, {
        jsonSchema: 'full',
        onWarnings: (found) => warnings.push(...found),
      });
      declared += first.length;
      expect(
        first.flatMap((item) => geminiFullSchemaProblems(item).map((problem) => `${item.name}: ${problem}`)),
      ).toEqual([]);
      const again = toGeminiTools(fromGeminiTools(plain(first) as unknown[]), { jsonSchema: 'full' });
      expect(plain(again)).toEqual(plain(first));
      // Lossless: each declaration is the tool's own schema, or (where it was rewritten) accepts exactly
      // the arguments the tool's own schema accepts.
      for (const tool of toolbox.tools()) {
        const declaration = first.find((item) => item.name === tool.name);
        if (declaration?.parametersJsonSchema === undefined) continue;
        const { $schema: _dialect, ...own } = toolInputJsonSchema(tool.configuration.schema);
        if (JSON.stringify(declaration.parametersJsonSchema) === JSON.stringify(own)) {
          unchanged++;
          continue;
        }
        rewritten++;
        const before = validatorFor(own);
        const after = validatorFor(declaration.parametersJsonSchema);
        fc.assert(
          fc.property(valuesFor(own), (value) => {
            expect(after(value)).toBe(before(value));
          }),
          { numRuns: 25, seed: 7 },
        );
      }
    }
    expect(declared).toBeGreaterThan(bfclGroups().flat().length + 117);
    // Most declarations are the schema itself; the rest were rewritten (and checked equivalent above).
    expect(unchanged).toBeGreaterThan(rewritten);
    expect(rewritten).toBeGreaterThan(0);
    const codes = new Set(warnings.map((warning) => warning.code));
    expect(codes.has('UNSUPPORTED_KEYWORD')).toBe(false);
    expect(codes.has('RELAXED_KEYWORD')).toBe(false);
    expect(codes.has('IGNORED_KEYWORD')).toBe(true);
  }, 240_000);

  test('the default mode still leaves out what it cannot declare, and says so', () => {
    const warnings: ConversionWarning[] = [];
    toGeminiTools(createToolbox([constrained]), {
      schemaField: 'parametersJsonSchema',
      onWarnings: (found) => warnings.push(...found),
    });
    expect(warnings.every((warning) => warning.code === 'UNSUPPORTED_KEYWORD')).toBe(true);
    expect(warnings.length).toBeGreaterThan(0);
  });
});
