import { expect } from 'bun:test';
import { describeGeneratedSchemas } from '@armorer/adapter-fixtures/generated-schemas';
import { anthropicStrictProblems, anthropicToolProblems } from './__fixtures__/anthropic-rules';
import { fromAnthropicTools } from './tools/from-anthropic-tools';
import { toAnthropicTools } from './tools/to-anthropic-tools';
import type { AnthropicTool } from './types';

describeGeneratedSchemas({
  provider: 'Anthropic',
  exportsWhat: 'a valid input_schema, strict or not',
  numRuns: 80,
  variants: [{}, { strict: true }],
  declare: (schema) => ({ name: 'generated_tool', description: 'Generated', input_schema: schema }),
  importTools: fromAnthropicTools,
  exportTools: toAnthropicTools,
  // Valid for Anthropic; with strict asked for, within strict tool use's limits or declared not strict.
  expectDeclaration: (tool: AnthropicTool, variant) => {
    if (variant?.strict !== true) expect(anthropicToolProblems(tool)).toEqual([]);
    else if (tool.strict === true) expect(anthropicStrictProblems(tool)).toEqual([]);
    else expect([tool.strict, anthropicToolProblems(tool)]).toEqual([false, []]);
  },
});
