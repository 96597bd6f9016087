import { expect } from 'bun:test';
import { describeGeneratedSchemas } from '../../adapter-shared/src/__fixtures__/generated-schemas';
import { anthropicToolProblems } from './__fixtures__/anthropic-rules';
import { fromAnthropicTools } from './tools/from-anthropic-tools';
import { toAnthropicTools } from './tools/to-anthropic-tools';

describeGeneratedSchemas({
  provider: 'Anthropic',
  exportsWhat: 'a valid input_schema',
  numRuns: 80,
  variants: [{}],
  declare: (schema) => ({ name: 'generated_tool', description: 'Generated', input_schema: schema }),
  importTools: fromAnthropicTools,
  exportTools: toAnthropicTools,
  // Valid for Anthropic.
  expectDeclaration: (tool) => expect(anthropicToolProblems(tool)).toEqual([]),
});
