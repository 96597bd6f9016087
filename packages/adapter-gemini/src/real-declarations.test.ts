import { describe, expect, test } from 'bun:test';
import { bfclGroups, githubTools } from '@armorer/adapter-fixtures/real-declarations';
import { WILD_INVALID, WILD_TOOLS } from '@armorer/adapter-fixtures/wild-declarations';
import type { ConversionWarning } from '@armorer/adapter-shared';
import { geminiDeclarationProblems } from './__fixtures__/gemini-rules';
import type { GeminiSchemaField } from './index';
import { fromGeminiTools } from './tools/from-gemini-tools';
import { toGeminiTools } from './tools/to-gemini-tools';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function sets() {
  return [
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
  ];
}

describe('real declarations: BFCL and github-mcp-server', () => {
  let imported: ReturnType<typeof fromGeminiTools>[] | undefined;
  const toolboxes = () => (imported ??= sets().map((set) => fromGeminiTools(set)));

  for (const schemaField of ['auto', 'parameters', 'parametersJsonSchema'] satisfies GeminiSchemaField[]) {
    test(`${schemaField}: all imported, exported within Gemini's rules, export -> import -> export is a fixed point`, () => {
      const warnings: ConversionWarning[] = [];
      let declared = 0;
      for (const toolbox of toolboxes()) {
        const first = toGeminiTools(toolbox, { schemaField, onWarnings: (found) => warnings.push(...found) });
        declared += first.length;
        expect(
          first.flatMap((item) =>
            geminiDeclarationProblems(item).map((problem) => `${item.name}: ${problem}`),
          ),
        ).toEqual([]);
        const again = toGeminiTools(fromGeminiTools(plain(first) as unknown[]), { schemaField });
        expect(plain(again)).toEqual(plain(first));
      }
      expect(declared).toBe(bfclGroups().flat().length + 117);
      // What a field cannot say is reported, never dropped quietly (BFCL's `any`, github's closed objects).
      if (schemaField === 'parameters')
        expect(warnings.some((warning) => warning.code === 'UNSUPPORTED_KEYWORD')).toBe(true);
      expect(
        warnings.every(
          (warning) => warning.message.includes('still enforced') || warning.code === 'INVALID_PROPERTY_NAME',
        ),
      ).toBe(true);
    }, 120_000);
  }
});

describe('wild MCP declarations', () => {
  const toolbox = () =>
    fromGeminiTools(
      WILD_TOOLS.map((tool) => ({
        name: tool.name,
        description: tool.description,
        parametersJsonSchema: tool.inputSchema,
      })),
      { onInvalidDeclarations: () => {} },
    );

  test('valid ones import, export within Gemini rules in every field, and are fixed points', () => {
    expect(toolbox().size).toBe(WILD_TOOLS.length - WILD_INVALID.length);
    for (const schemaField of ['auto', 'parameters', 'parametersJsonSchema'] satisfies GeminiSchemaField[]) {
      const first = toGeminiTools(toolbox(), { schemaField });
      expect(
        first.flatMap((item) => geminiDeclarationProblems(item).map((problem) => `${item.name}: ${problem}`)),
      ).toEqual([]);
      expect(plain(toGeminiTools(fromGeminiTools(plain(first) as unknown[]), { schemaField }))).toEqual(
        plain(first),
      );
    }
  });

  test('tools without parameters declare no schema at all', () => {
    const declarations = toGeminiTools(toolbox());
    for (const name of ['get_me', 'list_projects'])
      expect(declarations.find((item) => item.name === name)).toEqual({
        name,
        description: expect.any(String),
      });
  });
});
