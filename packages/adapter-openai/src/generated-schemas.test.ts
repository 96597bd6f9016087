import { expect, test } from 'bun:test';
import { describeGeneratedSchemas } from '@armorer/adapter-fixtures/generated-schemas';
import { validatorFor } from '@armorer/adapter-fixtures/meta-schema';
import { sameArguments } from '@armorer/adapter-fixtures/same-arguments';
import { parameterSchema, zodInputSchema } from '@armorer/adapter-fixtures/schema-arbitraries';
import { valuesFor } from '@armorer/adapter-fixtures/value-arbitrary';
import { exportableSchema, normalizeParameterSchema, WarningCollector } from '@armorer/adapter-shared';
import { createTool } from '@armorer/core';
import fc from 'fast-check';
import { openAIToolProblems } from './__fixtures__/openai-rules';
import { parseOpenAIToolCalls } from './calls/parse-openai-tool-calls';
import { encodeValue } from './schema/strict-codec';
import { toStrictCodec } from './schema/strict-schema';
import { fromOpenAITools } from './tools/from-openai-tools';
import { toOpenAITools } from './tools/to-openai-tools';

function declaration(parameters: unknown) {
  return { type: 'function', function: { name: 'generated_tool', description: 'Generated', parameters } };
}

/** A value of the tool's shape, written as a strict-mode model writes it, parses back to that value. */
async function checkStrictCall(toolboxSource: ReturnType<typeof fromOpenAITools>, value: unknown) {
  const [tool] = toolboxSource.tools();
  if (tool === undefined) throw new Error('no tool');
  const collector = new WarningCollector('openai', 'x');
  const codec = toStrictCodec(exportableSchema(tool.configuration, collector), collector);
  // The one narrowing strict mode reports instead of encoding: an object with listed properties that
  // also allows other keys declares the listed ones only. Values of such schemas are not expected back.
  fc.pre(
    !collector.warnings.some(
      (warning) => warning.keyword === 'additionalProperties' && warning.code === 'UNSUPPORTED_KEYWORD',
    ),
  );
  const sent = encodeValue(codec, codec.root, value);
  expect(validatorFor(codec.schema)(sent)).toBe(true);
  const [call] = parseOpenAIToolCalls(
    [{ id: 'c1', type: 'function', function: { name: tool.name, arguments: JSON.stringify(sent) } }],
    { tools: toolboxSource, strict: true },
  );
  if (!sameArguments(call?.arguments, value))
    console.log(
      JSON.stringify({
        schema: exportableSchema(tool.configuration, new WarningCollector('openai', 'x')),
        strict: codec.schema,
        value,
        sent,
        decoded: call?.arguments,
      }),
    );
  expect(sameArguments(call?.arguments, value)).toBe(true);
  const [result] = await toolboxSource.execute([
    { id: 'c1', name: tool.name, arguments: call?.arguments ?? {} },
  ]);
  expect(result?.error).toBeUndefined();
}

describeGeneratedSchemas(
  {
    provider: 'OpenAI',
    exportsWhat: 'valid standard and strict declarations',
    numRuns: 80,
    variants: [false, true],
    declare: declaration,
    importTools: fromOpenAITools,
    exportTools: (source, strict) => toOpenAITools(source, { strict }),
    // Valid for OpenAI in both modes, and strict kept strict.
    expectDeclaration(tool, strict) {
      expect(openAIToolProblems(tool)).toEqual([]);
      expect(tool.function.strict).toBe(strict);
    },
  },
  (runs) => {
    test('strict-mode calls of generated JSON Schemas parse back to the original argument shape', async () => {
      await fc.assert(
        fc.asyncProperty(
          parameterSchema.chain((schema) => {
            const normalized = normalizeParameterSchema('t', schema);
            return fc.tuple(fc.constant(schema), valuesFor(normalized, normalized));
          }),
          async ([schema, value]) => {
            const toolbox = fromOpenAITools([declaration(schema)], {
              invalidDeclarations: 'throw',
              getTool: () => async (params) => params,
            });
            // Values the tool itself accepts (the generator does not model every format and pattern).
            fc.pre(toolbox.tools()[0]?.configuration.schema.safeParse(value).success === true);
            await checkStrictCall(toolbox, value);
          },
        ),
        runs,
      );
    }, 120_000);

    test('strict-mode calls of generated Zod schemas parse back to the original argument shape', async () => {
      await fc.assert(
        fc.asyncProperty(
          zodInputSchema.chain((input) => {
            const tool = createTool({
              name: 'zod_tool',
              description: 'Z',
              input,
              execute: (params) => params,
            });
            const json = exportableSchema(tool.configuration, new WarningCollector('openai', 'x'));
            return fc.tuple(fc.constant(tool), valuesFor(json, json));
          }),
          async ([tool, value]) => {
            fc.pre(tool.configuration.schema.safeParse(value).success);
            const { createToolbox } = await import('@armorer/core');
            await checkStrictCall(createToolbox([tool]) as never, value);
          },
        ),
        runs,
      );
    }, 120_000);
  },
);
