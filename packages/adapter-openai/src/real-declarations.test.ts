import { describe, expect, test } from 'bun:test';
import type { ConversionWarning } from '@armorer/adapter-shared';
import { createToolbox, type SerializedTool } from '@armorer/core';
import { bfclGroups, githubTools } from '../../adapter-shared/src/__fixtures__/real-declarations';
import { openAIToolProblems } from './__fixtures__/openai-rules';
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

describe('real declarations: BFCL and github-mcp-server', () => {
  const sources = () => [...bfclGroups().map((group) => fromOpenAITools(group)), github()];

  test('every BFCL function and github tool is imported', () => {
    const toolboxes = sources();
    const count = toolboxes.reduce((sum, toolbox) => sum + toolbox.size, 0);
    expect(count).toBe(bfclGroups().flat().length + 117);
    expect(toolboxes.at(-1)?.size).toBe(117);
  });

  for (const strict of [false, true]) {
    test(`${strict ? 'strict' : 'standard'} exports obey OpenAI's rules and export -> import -> export is a fixed point`, () => {
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
        expect(strictDeclared).toBeGreaterThan(declared * 0.9);
      }
    });
  }
});
