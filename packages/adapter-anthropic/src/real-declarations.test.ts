import { describe, expect, test } from 'bun:test';
import { bfclGroups, githubTools } from '@armorer/adapter-fixtures/real-declarations';
import { WILD_INVALID, WILD_TOOLS } from '@armorer/adapter-fixtures/wild-declarations';
import type { ConversionWarning } from '@armorer/adapter-shared';
import type { DeclarationImportFailure } from '@armorer/core';
import { anthropicToolProblems } from './__fixtures__/anthropic-rules';
import { fromAnthropicTools } from './tools/from-anthropic-tools';
import { toAnthropicTools } from './tools/to-anthropic-tools';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('real declarations: BFCL and github-mcp-server', () => {
  test('all are imported, exported within Anthropic rules, and export -> import -> export is a fixed point', () => {
    const sets = [
      ...bfclGroups().map((group) =>
        group.map((fn) => ({ name: fn.name, description: fn.description, input_schema: fn.parameters })),
      ),
      githubTools().map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema,
      })),
    ];
    const warnings: ConversionWarning[] = [];
    let declared = 0;
    for (const set of sets) {
      const toolbox = fromAnthropicTools(set);
      const first = toAnthropicTools(toolbox, { onWarnings: (found) => warnings.push(...found) });
      declared += first.length;
      expect(
        first.flatMap((tool) => anthropicToolProblems(tool).map((problem) => `${tool.name}: ${problem}`)),
      ).toEqual([]);
      const again = toAnthropicTools(fromAnthropicTools(plain(first) as unknown[]));
      expect(plain(again)).toEqual(plain(first));
    }
    expect(declared).toBe(bfclGroups().flat().length + 117);
    // Only names change: Anthropic takes the full JSON Schema.
    expect(new Set(warnings.map((warning) => warning.code))).toEqual(new Set(['NAME_CHANGED']));
  });

  test('BFCL non-standard types are validated as their JSON Schema meaning', async () => {
    const toolbox = fromAnthropicTools(
      [
        {
          name: 'triangle.area',
          description: '',
          input_schema: {
            type: 'dict',
            properties: { base: { type: 'float' }, dims: { type: 'tuple', items: { type: 'integer' } } },
            required: ['base'],
          },
        },
      ],
      { getTool: () => (params) => params },
    );
    expect(toolbox.toJSON().tools[0]?.input).toEqual({
      type: 'object',
      properties: { base: { type: 'number' }, dims: { type: 'array', items: { type: 'integer' } } },
      required: ['base'],
    });
    const call = (args: unknown) => toolbox.execute({ name: 'triangle.area', arguments: args });
    expect((await call({ base: 2.5, dims: [1, 2] })).result).toEqual({ base: 2.5, dims: [1, 2] });
    expect((await call({ base: 2.5, dims: [1.5] })).error?.code).toBe('INVALID_ARGUMENTS');
    expect((await call({ dims: [] })).error?.code).toBe('INVALID_ARGUMENTS');
  }, 120_000);
});

describe('wild MCP declarations', () => {
  test('valid ones import (the invalid one is reported), export within Anthropic rules, and are fixed points', () => {
    const failures: DeclarationImportFailure[] = [];
    const toolbox = fromAnthropicTools(
      WILD_TOOLS.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema,
      })),
      { onInvalidDeclarations: (found) => failures.push(...found) },
    );
    expect(toolbox.size).toBe(WILD_TOOLS.length - WILD_INVALID.length);
    expect(failures.map((failure) => [failure.tool, failure.code])).toEqual([
      ['fetch_remote', 'REMOTE_REFERENCE'],
    ]);
    const first = toAnthropicTools(toolbox);
    expect(
      first.flatMap((tool) => anthropicToolProblems(tool).map((problem) => `${tool.name}: ${problem}`)),
    ).toEqual([]);
    expect(plain(toAnthropicTools(fromAnthropicTools(plain(first) as unknown[])))).toEqual(plain(first));
  });
});
