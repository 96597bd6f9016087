import { describe, expect, test } from 'bun:test';
import { bfclGroups, githubTools } from '@armorer/adapter-fixtures/real-declarations';
import { WILD_INVALID, WILD_TOOLS } from '@armorer/adapter-fixtures/wild-declarations';
import type { ConversionWarning } from '@armorer/adapter-shared';
import type { DeclarationImportFailure } from '@armorer/core';
import { createToolbox, type SerializedTool } from '@armorer/core';
import { openAIToolProblems } from './__fixtures__/openai-rules';
import { parseOpenAIToolCalls } from './calls/parse-openai-tool-calls';
import { fromOpenAITools } from './tools/from-openai-tools';
import { toOpenAITools } from './tools/to-openai-tools';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function github() {
  return createToolbox(
    githubTools().map(
      (tool): SerializedTool => ({
        name: tool.name,
        description: tool.description,
        tags: [],
        input: tool.inputSchema,
      }),
    ),
  );
}

const TIMEOUT = 120_000;

describe('real declarations: BFCL and github-mcp-server', () => {
  let imported: ReturnType<typeof fromOpenAITools>[] | undefined;
  const sources = () => (imported ??= [...bfclGroups().map((group) => fromOpenAITools(group)), github()]);

  test(
    'every BFCL function and github tool is imported',
    () => {
      const toolboxes = sources();
      const count = toolboxes.reduce((sum, toolbox) => sum + toolbox.size, 0);
      expect(count).toBe(bfclGroups().flat().length + 117);
      expect(toolboxes.at(-1)?.size).toBe(117);
    },
    TIMEOUT,
  );

  for (const strict of [false, true]) {
    test(
      `${strict ? 'strict' : 'standard'} exports obey OpenAI's rules and export -> import -> export is a fixed point`,
      () => {
        const warnings: ConversionWarning[] = [];
        let declared = 0;
        let strictDeclared = 0;
        for (const toolbox of sources()) {
          const first = toOpenAITools(toolbox, { strict, onWarnings: (found) => warnings.push(...found) });
          declared += first.length;
          strictDeclared += first.filter((tool) => tool.function.strict).length;
          const problems = first.flatMap((tool) =>
            openAIToolProblems(tool).map((problem) => `${tool.function.name}: ${problem}`),
          );
          expect(problems).toEqual([]);
          const again = toOpenAITools(fromOpenAITools(plain(first) as unknown[]), { strict });
          expect(plain(again)).toEqual(plain(first));
        }
        expect(declared).toBe(bfclGroups().flat().length + 117);
        // BFCL names such as "triangle_properties.get" are renamed; strict mode reports what it cannot say.
        expect(warnings.some((warning) => warning.code === 'NAME_CHANGED')).toBe(true);
        if (strict) {
          const fallbacks = warnings.filter((warning) => warning.code === 'STRICT_UNAVAILABLE').length;
          expect(strictDeclared + fallbacks).toBe(declared);
          expect(fallbacks).toBe(0);
          expect(strictDeclared).toBe(declared);
        }
      },
      TIMEOUT,
    );
  }
});

describe('wild MCP declarations', () => {
  const declarations = WILD_TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.inputSchema,
  }));

  test('every valid declaration imports; the invalid one is reported with its name, code and pointer', () => {
    const failures: DeclarationImportFailure[] = [];
    const toolbox = fromOpenAITools(declarations, {
      onInvalidDeclarations: (found) => failures.push(...found),
    });
    expect(toolbox.size).toBe(WILD_TOOLS.length - WILD_INVALID.length);
    expect(failures).toMatchObject([
      { tool: 'fetch_remote', code: 'REMOTE_REFERENCE', path: '/properties/config' },
    ]);
    expect(() => fromOpenAITools(declarations, { invalidDeclarations: 'throw' })).toThrow(/fetch_remote/);
  });

  test('standard and strict exports obey OpenAI rules, strict everywhere, and are fixed points', () => {
    const toolbox = fromOpenAITools(declarations, { onInvalidDeclarations: () => {} });
    for (const strict of [false, true]) {
      const first = toOpenAITools(toolbox, { strict });
      expect(
        first.flatMap((tool) =>
          openAIToolProblems(tool).map((problem) => `${tool.function.name}: ${problem}`),
        ),
      ).toEqual([]);
      expect(first.every((tool) => tool.function.strict === strict)).toBe(true);
      expect(plain(toOpenAITools(fromOpenAITools(plain(first) as unknown[]), { strict }))).toEqual(
        plain(first),
      );
    }
  });

  test('strict calls parse back to the shape the original schemas describe, and execute', async () => {
    const toolbox = fromOpenAITools(declarations, {
      onInvalidDeclarations: () => {},
      getTool: () => async (params) => params,
    });
    toOpenAITools(toolbox, { strict: true });
    const sent = {
      values: [
        { key: 'cpu', value: 0.5 },
        { key: 'mem', value: 12 },
      ],
      unit: null,
      window: { start: '2030-01-01T00:00:00Z', hours: null },
      previous: null,
    };
    const calls = parseOpenAIToolCalls(
      [
        { id: 'a', type: 'function', function: { name: 'record_metrics', arguments: JSON.stringify(sent) } },
        {
          id: 'b',
          type: 'function',
          function: {
            name: 'send_event',
            arguments: JSON.stringify({
              event: { kind: 'key', key: 'k' },
              payload: '{"a":[1]}',
              extra: 'null',
            }),
          },
        },
      ],
      { tools: toolbox },
    );
    expect(calls.map((call) => call.arguments)).toEqual([
      {
        values: { cpu: 0.5, mem: 12 },
        unit: null,
        window: { start: '2030-01-01T00:00:00Z' },
        previous: null,
      },
      { event: { kind: 'key', key: 'k' }, payload: { a: [1] }, extra: null },
    ]);
    const results = await toolbox.execute(calls);
    expect(results.map((result) => result.error)).toEqual([undefined, undefined]);
  });
});
