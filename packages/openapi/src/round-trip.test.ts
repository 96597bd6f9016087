import { afterAll, describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { toOpenAPI } from './export/to-openapi';
import { createOpenAPIHandler } from './handler/create-openapi-handler';
import { fromOpenAPI } from './import/from-openapi';

interface TreeNode {
  label: string;
  children: TreeNode[];
}
const TreeNode: z.ZodType<TreeNode> = z.object({
  label: z.string(),
  get children() {
    return z.array(TreeNode);
  },
});

const seen: unknown[] = [];
const original = createToolbox([
  createTool({
    name: 'add-numbers',
    description: 'Add two numbers together',
    input: { a: z.number(), b: z.number().default(0) },
    tags: ['math', 'calculator'],
    metadata: { readOnly: true, outputSchema: z.number() },
    execute: ({ a, b }) => a + b,
  }),
  createTool({
    name: 'create-order',
    description: 'Create an order',
    input: z.object({
      customer: z.object({ id: z.string().uuid(), email: z.string().email().optional() }),
      lines: z
        .array(z.object({ sku: z.string().regex(/^[A-Z]{3}-\d+$/), quantity: z.number().int().min(1) }))
        .min(1),
      priority: z.enum(['low', 'high']).nullable(),
      note: z.string().max(200).optional(),
    }),
    tags: ['orders'],
    metadata: { mutates: true, concurrency: 2 },
    execute: (order) => {
      seen.push(order);
      return { orderId: 'o-1', lines: order.lines.length };
    },
  }),
  createTool({
    name: 'count-nodes',
    description: 'Count the nodes of a tree',
    input: z.object({ tree: TreeNode }),
    risk: { untrustedOutput: true },
    execute: ({ tree }) => {
      const count = (node: TreeNode): number =>
        1 + node.children.reduce((sum, child) => sum + count(child), 0);
      return count(tree);
    },
  }),
  createTool({
    name: 'fail',
    description: 'Always fails',
    execute: () => {
      throw new Error('nope');
    },
  }),
]);

const document = toOpenAPI(original, {
  info: { title: 'Round trip', version: '1.0.0' },
  pathPrefix: '/tools',
});
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: createOpenAPIHandler(original, { pathPrefix: '/tools' }),
});
afterAll(() => server.stop(true));
const { toolbox: imported, warnings } = fromOpenAPI(structuredClone(document), {
  baseUrl: `http://127.0.0.1:${server.port}`,
});

/** The schema without `pattern`s that sit beside a `format` (Zod writes both for uuid and email). */
function withoutFormatPatterns(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutFormatPatterns);
  if (typeof schema !== 'object' || schema === null) return schema;
  const record = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (key === 'pattern' && record['format'] !== undefined) continue;
    out[key] = withoutFormatPatterns(record[key]);
  }
  return out;
}

function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

describe('toolbox -> OpenAPI -> toolbox', () => {
  test('names, descriptions, tags, metadata and risk survive; the POST method decides mutates', () => {
    // The document is untrusted on the importing side: its readOnly claim cannot loosen the POST's mutates.
    // Zod's uuid and email patterns are beyond the linear-time proof, so they are left to the server; their
    // `format` still validates on the importing side (checked below).
    expect(warnings.map((warning) => [warning.code, warning.tool])).toEqual([
      ['IGNORED_METADATA', 'add-numbers'],
      ['UNSUPPORTED_KEYWORD', undefined],
      ['UNSUPPORTED_KEYWORD', undefined],
    ]);
    const before = original.toJSON().tools;
    const after = imported.toJSON().tools;
    expect(after.map((tool) => tool.name)).toEqual(before.map((tool) => tool.name));
    for (const [index, tool] of after.entries()) {
      const source = before[index];
      expect(tool.description).toBe(source?.description as string);
      expect(tool.tags).toEqual(source?.tags as string[]);
      expect(tool.risk).toEqual(source?.risk);
      const { outputSchema: _output, openapi, ...metadata } = tool.metadata ?? {};
      const { outputSchema: _sourceOutput, readOnly: _readOnly, ...sourceMetadata } = source?.metadata ?? {};
      expect(metadata).toEqual({ ...sourceMetadata, mutates: true });
      expect(openapi).toEqual({ method: 'POST', path: `/tools/${tool.name}`, operationId: tool.name });
    }
    expect(imported.getTool('add-numbers')?.configuration.metadata?.['outputSchema']).toEqual({
      type: 'number',
    });
  });

  test('schemas without references come back identical, less the patterns a format already checks', () => {
    for (const name of ['add-numbers', 'create-order', 'fail']) {
      const before = original.toJSON().tools.find((tool) => tool.name === name)?.input ?? {};
      const after = imported.toJSON().tools.find((tool) => tool.name === name)?.input ?? {};
      expect(after).toEqual(withoutFormatPatterns(withoutDialect(before)) as Record<string, unknown>);
    }
    const order = imported.getTool('create-order')?.configuration.schema;
    const valid = {
      customer: { id: crypto.randomUUID() },
      lines: [{ sku: 'ABC-1', quantity: 1 }],
      priority: null,
    };
    expect(order?.safeParse(valid).success).toBe(true);
    expect(order?.safeParse({ ...valid, customer: { id: 'not-a-uuid' } }).success).toBe(false);
    expect(order?.safeParse({ ...valid, customer: { id: valid.customer.id, email: 'nope' } }).success).toBe(
      false,
    );
    expect(order?.safeParse({ ...valid, lines: [{ sku: 'abc-1', quantity: 1 }] }).success).toBe(false);
  });

  test('a recursive schema comes back equivalent: the same values pass and fail', () => {
    const before = original.getTool('count-nodes')?.configuration.schema;
    const after = imported.getTool('count-nodes')?.configuration.schema;
    const trees = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', maxDepth: 4 },
        fc.record({ label: fc.oneof(fc.string(), fc.integer()), children: fc.constant([]) }),
        fc.record({
          label: fc.oneof(fc.string(), fc.integer()),
          children: fc.array(tie('node'), { maxLength: 2 }),
        }),
        fc.record({ label: fc.string(), children: fc.jsonValue({ maxDepth: 2 }) }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.oneof(trees, fc.jsonValue({ maxDepth: 3 })), (tree) => {
        expect(after?.safeParse({ tree }).success).toBe(before?.safeParse({ tree }).success as boolean);
      }),
      { numRuns: 200 },
    );
  });

  test('calls through the imported tools run the original ones over HTTP', async () => {
    expect((await imported.execute({ name: 'add-numbers', arguments: { a: 2, b: 3 } })).result).toBe(5);
    expect((await imported.execute({ name: 'add-numbers', arguments: { a: 2 } })).result).toBe(2);
    const order = {
      customer: { id: '0b7f8a5e-3c1d-4a2b-9f6e-1d2c3b4a5f6e' },
      lines: [{ sku: 'ABC-1', quantity: 2 }],
      priority: null,
    };
    expect((await imported.execute({ name: 'create-order', arguments: order })).result).toEqual({
      orderId: 'o-1',
      lines: 1,
    });
    expect(seen.at(-1)).toEqual(order);
    const tree = {
      label: 'root',
      children: [
        { label: 'a', children: [] },
        { label: 'b', children: [{ label: 'c', children: [] }] },
      ],
    };
    expect((await imported.execute({ name: 'count-nodes', arguments: { tree } })).result).toBe(4);
  });

  test('failures come back as the original ToolError, with the HTTP status', async () => {
    const failed = await imported.execute({ name: 'fail', arguments: {} });
    expect(failed.error).toMatchObject({
      category: 'execution',
      code: 'EXECUTION_FAILED',
      details: { status: 500 },
    });
    expect(failed.error?.message).toContain('nope');
    const invalid = await imported.execute({
      name: 'create-order',
      arguments: { customer: { id: 'x' }, lines: [], priority: 'mid' },
    });
    expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
  });

  test('generated Zod schemas round trip exactly', () => {
    const field = fc.constantFrom<z.ZodType>(
      z.string().min(1).max(5),
      z.number().int().positive(),
      z.boolean().nullable(),
      z.enum(['a', 'b']),
      z.array(z.string()).max(3),
      z.object({ x: z.number(), y: z.string().optional() }),
      z.union([z.string(), z.number()]),
      z.record(z.string(), z.number()),
      z.literal('fixed'),
      z.string().default('d'),
      z.tuple([z.string(), z.number()]),
    );
    const shapes = fc.array(fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), field, { maxKeys: 4 }), {
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      fc.property(shapes, fc.boolean(), (list, strict) => {
        const tools = list.map((shape, index) =>
          createTool({
            name: `tool-${index}`,
            description: `Tool ${index}`,
            input: strict ? z.strictObject(shape) : z.object(shape),
            execute: () => index,
          }),
        );
        const box = createToolbox(tools);
        const back = fromOpenAPI(toOpenAPI(box, { info: { title: 'G', version: '1' } }), {
          baseUrl: 'http://127.0.0.1:9',
        });
        expect(back.warnings).toEqual([]);
        expect(back.toolbox.toJSON().tools.map((tool) => tool.input)).toEqual(
          box.toJSON().tools.map((tool) => withoutDialect(tool.input)),
        );
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
