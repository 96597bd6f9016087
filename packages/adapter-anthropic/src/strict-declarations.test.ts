import { describe, expect, test } from 'bun:test';
import { bfclGroups, githubTools } from '@armorer/adapter-fixtures/real-declarations';
import { WILD_TOOLS } from '@armorer/adapter-fixtures/wild-declarations';
import type { ConversionWarning } from '@armorer/adapter-shared';
import { anthropicStrictProblems, anthropicToolProblems } from './__fixtures__/anthropic-rules';
import { fromAnthropicTools } from './tools/from-anthropic-tools';
import { toAnthropicTools } from './tools/to-anthropic-tools';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('strict tool use on real declarations (BFCL, github-mcp-server, wild MCP)', () => {
  test('each tool is strict within the limits, or declared not strict with the reason; fixed points', () => {
    const sets = [
      ...bfclGroups().map((group) =>
        group.map((fn) => ({ name: fn.name, description: fn.description, input_schema: fn.parameters })),
      ),
      githubTools().map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema,
      })),
      WILD_TOOLS.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema,
      })),
    ];
    const warnings: ConversionWarning[] = [];
    let strict = 0;
    let fallback = 0;
    for (const set of sets) {
      const toolbox = fromAnthropicTools(set, { onInvalidDeclarations: () => {} });
      const first = toAnthropicTools(toolbox, {
        strict: true,
        onWarnings: (found) => warnings.push(...found),
      });
      const problems = first.flatMap((tool) =>
        (tool.strict === true ? anthropicStrictProblems(tool) : anthropicToolProblems(tool)).map(
          (problem) => `${tool.name}: ${problem}`,
        ),
      );
      expect(problems).toEqual([]);
      strict += first.filter((tool) => tool.strict === true).length;
      fallback += first.filter((tool) => tool.strict === false).length;
      const again = toAnthropicTools(fromAnthropicTools(plain(first) as unknown[]), { strict: true });
      expect(plain(again)).toEqual(plain(first));
    }
    const unavailable = warnings.filter((warning) => warning.code === 'STRICT_UNAVAILABLE');
    // Every tool left out of strict mode says why; the rest are strict.
    expect(unavailable.length).toBe(fallback);
    expect(strict).toBeGreaterThan(fallback);
    expect(unavailable.every((warning) => warning.message.includes('strict: false'))).toBe(true);
    // What strict mode cannot constrain is carried as text and reported, never dropped quietly.
    expect(warnings.some((warning) => warning.code === 'RELAXED_KEYWORD')).toBe(true);
    // Left out only where Anthropic refuses it in every mode: a union at the top of input_schema.
    const left = warnings.filter((warning) => warning.code === 'UNSUPPORTED_KEYWORD');
    expect(left.map((warning) => [warning.path, warning.keyword])).toEqual([['', 'anyOf']]);
  }, 120_000);
});
