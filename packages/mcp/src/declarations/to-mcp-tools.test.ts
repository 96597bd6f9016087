import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox, type ToolMetadata } from '@armorer/core';
import { ListToolsResultSchema, ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { z } from 'zod';
import { githubTools, listingClient, mcpSchema } from '../__fixtures__/data';
import { createFixtureToolbox } from '../__fixtures__/toolbox';
import { fromMcpTools } from '../client/from-mcp-tools';
import { toMcpTools, toolAnnotations } from './to-mcp-tools';

const ajv = new Ajv2020({ strict: false, validateFormats: false });
ajv.addSchema(mcpSchema(), 'mcp');
const validateTool = ajv.getSchema('mcp#/$defs/Tool');
if (validateTool === undefined) throw new Error('the MCP schema has no Tool definition');

function expectValidTool(declaration: unknown): void {
  expect(ToolSchema.safeParse(declaration).success).toBe(true);
  const valid = validateTool?.(declaration);
  if (!valid)
    throw new Error(
      `${JSON.stringify(validateTool?.errors)} for ${JSON.stringify(declaration).slice(0, 300)}`,
    );
}

describe('toMcpTools', () => {
  test('declarations pass the SDK ToolSchema and the official 2025-11-25 JSON Schema', () => {
    const declarations = toMcpTools(createFixtureToolbox());
    expect(declarations.map((declaration) => declaration.name)).toContain('stats');
    for (const declaration of declarations) expectValidTool(declaration);
    expect(ListToolsResultSchema.safeParse({ tools: declarations }).success).toBe(true);
  });

  test('the 117 github-mcp-server tools survive import and re-export as valid MCP declarations', async () => {
    const imported = await fromMcpTools(listingClient(githubTools()));
    const declarations = toMcpTools(imported.tools);
    expect(declarations).toHaveLength(117);
    for (const declaration of declarations) expectValidTool(declaration);
    const original = githubTools().find((tool) => tool['name'] === 'get_me');
    const exported = declarations.find((declaration) => declaration.name === 'get_me');
    expect(exported?.annotations?.readOnlyHint).toBe(
      (original?.['annotations'] as { readOnlyHint?: boolean } | undefined)?.readOnlyHint,
    );
  });

  test('annotations follow metadata for every combination of flags', () => {
    const flag = fc.option(fc.boolean(), { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({ readOnly: flag, mutates: flag, dangerous: flag, idempotent: flag, untrusted: flag }),
        (flags) => {
          // Core rejects a tool that is both read-only and mutating.
          fc.pre(!(flags.readOnly === true && flags.mutates === true));
          const metadata = Object.fromEntries(
            Object.entries({
              readOnly: flags.readOnly,
              mutates: flags.mutates,
              dangerous: flags.dangerous,
              idempotent: flags.idempotent,
            }).filter(([, value]) => value !== undefined),
          );
          const tool = createTool({
            name: 'flagged',
            description: 'A tool with flags',
            metadata,
            ...(flags.untrusted === undefined ? {} : { risk: { untrustedOutput: flags.untrusted } }),
            execute: () => 1,
          });
          const annotations = toolAnnotations(tool) ?? {};
          expectValidTool(toMcpTools([tool])[0]);
          if (flags.readOnly === true)
            return annotations.readOnlyHint === true && annotations.destructiveHint === undefined;
          const destructive = flags.dangerous === true || flags.mutates === true;
          return (
            (annotations.destructiveHint === true) === destructive &&
            annotations.idempotentHint === flags.idempotent &&
            (annotations.openWorldHint === true) === (flags.untrusted === true)
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  test('metadata.outputSchema accepts a Zod object or an object JSON Schema, and ignores anything else', () => {
    const make = (outputSchema: unknown) =>
      createTool({
        name: 'out',
        description: 'Output',
        metadata: { outputSchema: outputSchema as NonNullable<ToolMetadata['outputSchema']> },
        execute: () => ({}),
      });
    expect(toMcpTools([make(z.object({ n: z.number() }))])[0]?.outputSchema).toMatchObject({
      type: 'object',
      required: ['n'],
    });
    expect(toMcpTools([make({ type: 'object', properties: {} })])[0]?.outputSchema).toEqual({
      type: 'object',
      properties: {},
    });
    expect(toMcpTools([make(z.string())])[0]?.outputSchema).toBeUndefined();
    expect(toMcpTools([make({ type: 'array' })])[0]?.outputSchema).toBeUndefined();
    // Not a schema at all: refused when the tool is created (metadata.outputSchema is typed).
    expect(() => make('nope')).toThrow(/metadata\.outputSchema/);
  });

  test('a title in metadata becomes the declaration title; the schema dialect can be kept', () => {
    const titled = createTool({
      name: 't',
      description: 'd',
      metadata: { title: 'Nice name' },
      execute: () => 1,
    });
    const [declaration] = toMcpTools(createToolbox([titled]));
    expect(declaration?.title).toBe('Nice name');
    expect(declaration?.inputSchema['$schema']).toBeUndefined();
    expect(toMcpTools([titled], { keepSchemaDialect: true })[0]?.inputSchema['$schema']).toContain('2020-12');
  });
});
