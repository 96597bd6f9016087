import { expect } from 'bun:test';
import { describeGeneratedSchemas } from '../../adapter-shared/src/__fixtures__/generated-schemas';
import { geminiDeclarationProblems } from './__fixtures__/gemini-rules';
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
