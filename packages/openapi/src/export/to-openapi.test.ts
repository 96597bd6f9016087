import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox, TOOL_ERROR_CODES } from '@armorer/core';
import { compileErrors, validate } from '@readme/openapi-parser';
import fc from 'fast-check';
import { z } from 'zod';
import { OpenAPIError } from '../errors/openapi-error';
import { toOpenAPI } from './to-openapi';

interface TreeNode {
  name: string;
  children: TreeNode[];
}
const TreeNode: z.ZodType<TreeNode> = z.object({
  name: z.string(),
  get children() {
    return z.array(TreeNode);
  },
});

const add = createTool({
  name: 'add-numbers',
  description: 'Add two numbers together',
  input: { a: z.number(), b: z.number().default(0) },
  tags: ['math'],
  metadata: { readOnly: true, outputSchema: z.number() },
  execute: ({ a, b }) => a + b,
});
const tree = createTool({
  name: 'count-nodes',
  description: 'Count the nodes of two trees',
  input: z.object({ left: TreeNode, right: TreeNode.optional() }),
  tags: ['trees'],
  risk: { untrustedOutput: true },
  execute: () => 0,
});
const odd = createTool({ name: 'odd/name{1}?#%', description: '', input: {}, execute: () => null });

async function expectValid(document: unknown): Promise<void> {
  const result = await validate(structuredClone(document) as never);
  expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
}

describe('toOpenAPI', () => {
  test('one POST per tool: operationId, description, tags, input and output schemas, ToolError responses', async () => {
    const document = toOpenAPI(createToolbox([add, tree, odd]), {
      info: { title: 'Tools', version: '1.0.0' },
      servers: [{ url: 'https://tools.example.com' }],
      pathPrefix: '/tools/',
    });
    await expectValid(document);
    expect(Object.keys(document.paths)).toEqual([
      '/tools/add-numbers',
      '/tools/count-nodes',
      '/tools/odd%2Fname%7B1%7D%3F%23%25',
    ]);
    expect(document.tags).toEqual([{ name: 'math' }, { name: 'trees' }, { name: 'untrusted-output' }]);
    const operation = (document.paths['/tools/add-numbers'] as { post: Record<string, unknown> }).post;
    expect(operation).toMatchObject({
      operationId: 'add-numbers',
      description: 'Add two numbers together',
      tags: ['math'],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { a: { type: 'number' }, b: { type: 'number', default: 0 } },
              required: ['a'],
            },
          },
        },
      },
      responses: {
        '200': { content: { 'application/json': { schema: { type: 'number' } } } },
        '400': { $ref: '#/components/responses/Error400' },
        '404': { $ref: '#/components/responses/Error404' },
      },
      'x-armorer': { metadata: { readOnly: true } },
    });
    expect(document.components.schemas['ToolError']).toMatchObject({
      required: ['category', 'code', 'message', 'retryable'],
    });
    // Every code a call can fail with, approval and idempotency refusals included, is a value the schema allows.
    const codes = (document.components.schemas['ToolError'] as { properties: { code: { enum: string[] } } })
      .properties.code.enum;
    for (const code of ['APPROVAL_INVALID', 'APPROVAL_STORE_FAILED', 'IDEMPOTENCY_STORE_FAILED', 'TIMEOUT']) {
      expect(codes).toContain(code);
    }
    expect(codes).toEqual([...TOOL_ERROR_CODES]);
  });

  test('recursive schemas: $defs become components and references point at them', async () => {
    const self = createTool({
      name: 'self',
      description: 'A tree as input',
      input: TreeNode as never,
      execute: () => 1,
    });
    const document = toOpenAPI(createToolbox([tree, self]), { info: { title: 'Trees', version: '1' } });
    await expectValid(document);
    const text = JSON.stringify(document);
    expect(text).not.toContain('"#/$defs/');
    expect(text).not.toContain('"$ref":"#"');
    const selfBody = (
      document.paths['/self'] as { post: { requestBody: { content: Record<string, { schema: unknown }> } } }
    ).post.requestBody.content['application/json']?.schema;
    expect(selfBody).toEqual({ $ref: '#/components/schemas/self.input' });
    expect(Object.keys(document.components.schemas).sort()).toEqual([
      'ToolError',
      'count-nodes.input.__schema0',
      'self.input',
    ]);
  });

  test('the input schema is the one the tool serializes (minus the dialect marker)', () => {
    const document = toOpenAPI(createToolbox([add]), { info: { title: 'T', version: '1' } });
    const { $schema: _dialect, ...input } = add.toJSON().input;
    const body = (
      document.paths['/add-numbers'] as {
        post: { requestBody: { content: Record<string, { schema: unknown }> } };
      }
    ).post.requestBody.content['application/json']?.schema;
    expect(body).toEqual(input);
  });

  test('bad options are typed errors', () => {
    const toolbox = createToolbox([add]);
    expect(() => toOpenAPI(toolbox, {} as never)).toThrow(OpenAPIError);
    expect(() => toOpenAPI(toolbox, { info: { title: 'x' } } as never)).toThrow(/title and a version/);
    expect(() => toOpenAPI(toolbox, { info: { title: 'x', version: '1' }, pathPrefix: '/a b' })).toThrow(
      /pathPrefix/,
    );
  });

  test('generated Zod schemas of every common shape export to a valid document', async () => {
    const field = fc.constantFrom<z.ZodType>(
      z.string().min(1).max(5),
      z.number().int().positive(),
      z.boolean().nullable(),
      z.enum(['a', 'b']),
      z.array(z.string()).max(3),
      z.object({ x: z.number() }).optional(),
      z.union([z.string(), z.number()]),
      z.record(z.string(), z.number()),
      z.literal('fixed'),
      z.string().email(),
      z.date(),
      TreeNode,
    );
    const shapes = fc.array(fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), field, { maxKeys: 4 }), {
      minLength: 1,
      maxLength: 4,
    });
    await fc.assert(
      fc.asyncProperty(shapes, async (list) => {
        const tools = list.map((shape, index) =>
          createTool({
            name: `tool-${index}`,
            description: `Tool ${index}`,
            input: z.object(shape),
            execute: () => index,
          }),
        );
        await expectValid(toOpenAPI(createToolbox(tools), { info: { title: 'Generated', version: '1' } }));
      }),
      { numRuns: 10 },
    );
  }, 60_000);
});
