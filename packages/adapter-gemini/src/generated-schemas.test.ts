import { expect, test } from 'bun:test';
import { describeGeneratedSchemas } from '@armorer/adapter-fixtures/generated-schemas';
import { validatorFor } from '@armorer/adapter-fixtures/meta-schema';
import { parameterSchema } from '@armorer/adapter-fixtures/schema-arbitraries';
import type { ConversionWarning } from '@armorer/adapter-shared';
import { toolInputJsonSchema } from '@armorer/core';
import fc from 'fast-check';
import { geminiDeclarationProblems, geminiFullSchemaProblems } from './__fixtures__/gemini-rules';
import { fromGeminiTools } from './tools/from-gemini-tools';
import { toGeminiTools } from './tools/to-gemini-tools';
import type { GeminiSchemaField } from './types';

describeGeneratedSchemas({
  provider: 'Gemini',
  exportsWhat: 'valid declarations in every schema field',
  numRuns: 60,
  variants: ['auto', 'parameters', 'parametersJsonSchema'] satisfies GeminiSchemaField[],
  declare: (schema) => ({ name: 'generated_tool', description: 'Generated', parametersJsonSchema: schema }),
  importTools: fromGeminiTools,
  exportTools: (source, schemaField) => toGeminiTools(source, { schemaField }),
  // Valid for Gemini in every schema field.
  expectDeclaration: (declaration) => expect(geminiDeclarationProblems(declaration)).toEqual([]),
});

describeGeneratedSchemas(
  {
    provider: 'Gemini, full JSON Schema',
    exportsWhat: 'the whole schema, accepted by Gemini',
    numRuns: 60,
    variants: ['full'] as const,
    declare: (schema) => ({ name: 'generated_tool', description: 'Generated', parametersJsonSchema: schema }),
    importTools: fromGeminiTools,
    exportTools: (source, jsonSchema) => toGeminiTools(source, { jsonSchema }),
    expectDeclaration: (declaration) => expect(geminiFullSchemaProblems(declaration)).toEqual([]),
  },
  (runs) => {
    test('a full declaration accepts exactly the arguments the tool accepts, and leaves nothing out', () => {
      fc.assert(
        fc.property(parameterSchema, fc.array(fc.jsonValue(), { maxLength: 8 }), (schema, values) => {
          const toolbox = fromGeminiTools([{ name: 'generated_tool', parametersJsonSchema: schema }], {
            invalidDeclarations: 'throw',
          });
          const warnings: ConversionWarning[] = [];
          const [declaration] = toGeminiTools(toolbox, {
            jsonSchema: 'full',
            onWarnings: (found) => warnings.push(...found),
          });
          expect(warnings.filter((warning) => warning.code === 'UNSUPPORTED_KEYWORD')).toEqual([]);
          const tool = toolbox.tools()[0];
          if (declaration?.parametersJsonSchema === undefined || tool === undefined) return;
          const own = validatorFor(toolInputJsonSchema(tool.configuration.schema));
          const declared = validatorFor(declaration.parametersJsonSchema);
          for (const value of values) expect(declared(value)).toBe(own(value));
        }),
        runs,
      );
    }, 120_000);
  },
);
