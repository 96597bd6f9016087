import { describe, expect, test } from 'bun:test';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import fc from 'fast-check';
import * as v from 'valibot';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { ToolDefinitionError } from '../errors/armorer-error';
import { createToolbox } from '../toolbox/public';
import { createTool } from './public';
import { toolInputJsonSchema } from './serialize';
import { isStandardSchema, standardSchemaOf } from './standard-schema';

const weatherValibot = toStandardJsonSchema(
  v.object({
    city: v.pipe(v.string(), v.minLength(1)),
    days: v.optional(v.pipe(v.number(), v.integer()), 3),
  }),
);
const weatherArk = type({ city: 'string > 0', 'days?': 'number.integer' });

function weatherTool(name: string, input: typeof weatherValibot | typeof weatherArk) {
  return createTool({
    name,
    description: 'Weather for a city',
    input: input as typeof weatherValibot,
    execute: (params) => ({ city: params.city, days: params.days }),
  });
}

describe('Standard Schema input', () => {
  test.each([
    ['valibot', weatherValibot],
    ['arktype', weatherArk],
  ] as const)(
    '%s: validates through ~standard.validate and passes its output to the implementation',
    async (vendor, input) => {
      const tool = weatherTool(`weather-${vendor}`, input);
      const toolbox = createToolbox([tool]);
      const ok = await toolbox.execute({ name: tool.name, arguments: { city: 'Oslo', days: 2 } });
      expect(ok.outcome).toBe('success');
      expect(ok.result).toEqual({ city: 'Oslo', days: 2 });
      const json = await toolbox.execute({ name: tool.name, arguments: '{"city":"Rome"}' });
      expect(json.result as unknown).toEqual({ city: 'Rome', days: vendor === 'valibot' ? 3 : undefined });
      const bad = await toolbox.execute({ name: tool.name, arguments: { city: '', days: 1.5 } });
      expect(bad.outcome).toBe('error');
      expect(bad.error?.code).toBe('INVALID_ARGUMENTS');
      const paths = bad.error?.details?.issues?.map((issue) => issue.path.join('.'));
      expect(paths).toContain('city');
      expect(paths).toContain('days');
      expect(bad.error?.message).toContain(`Invalid arguments for tool "${tool.name}": `);
      expect(standardSchemaOf(tool.configuration.schema)?.['~standard'].vendor).toBe(vendor);
    },
  );

  test('the JSON Schema exporters read is the library’s own Standard JSON Schema', () => {
    const tool = weatherTool('weather', weatherArk);
    const json = toolInputJsonSchema(tool.configuration.schema);
    expect(json).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
    expect(tool.toJSON().input).toBe(json);
  });

  test('an explicit jsonSchema serves a schema that cannot describe itself (Zod 3, plain Valibot)', async () => {
    const jsonSchema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    const zod3 = createTool({
      name: 'zod3',
      description: 'Zod 3',
      input: z3.object({ n: z3.number() }),
      jsonSchema,
      execute: ({ n }) => n * 2,
    });
    expect(await zod3({ n: 21 })).toBe(42);
    expect((await zod3.execute({ name: 'zod3', arguments: { n: 'x' } })).error?.code).toBe(
      'INVALID_ARGUMENTS',
    );
    expect(toolInputJsonSchema(zod3.configuration.schema)).toBe(jsonSchema);
    const plain = createTool({
      name: 'plain',
      description: 'Valibot',
      input: v.object({ n: v.number() }),
      jsonSchema,
      execute: ({ n }) => n,
    });
    expect(await plain({ n: 1 })).toBe(1);
  });

  test('without either, creation fails with MISSING_JSON_SCHEMA naming the option', () => {
    for (const input of [v.object({ n: v.number() }), z3.object({ n: z3.number() })]) {
      let thrown: unknown;
      try {
        createTool({ name: 'nojson', description: 'x', input, execute: () => 1 });
      } catch (error) {
        thrown = error;
      }
      expect(ToolDefinitionError.isInstance(thrown)).toBe(true);
      expect((thrown as ToolDefinitionError).code).toBe('MISSING_JSON_SCHEMA');
      expect((thrown as Error).message).toContain('`jsonSchema` option');
    }
  });

  test('a schema that does not describe an object is refused at creation', () => {
    expect(() =>
      createTool({ name: 'str', description: 'x', input: type('string') as never, execute: () => 1 }),
    ).toThrow('the input schema must describe an object');
    expect(() =>
      createTool({
        name: 'arr',
        description: 'x',
        input: v.object({}),
        jsonSchema: { type: 'array' },
        execute: () => 1,
      }),
    ).toThrow('the input schema must describe an object');
    expect(() =>
      createTool({ name: 'j', description: 'x', jsonSchema: 'nope' as never, execute: () => 1 }),
    ).toThrow('jsonSchema must be a JSON Schema object');
  });

  test('asynchronous validators, and validators that throw, end as results', async () => {
    const asyncSchema = {
      '~standard': {
        version: 1 as const,
        vendor: 'async-test',
        validate: async (value: unknown) => {
          await null;
          const record = value as { n?: unknown };
          return typeof record.n === 'number'
            ? { value: { n: record.n + 1 } }
            : { issues: [{ message: 'n must be a number', path: [{ key: 'n' }] }] };
        },
        jsonSchema: {
          input: () => ({ type: 'object', properties: { n: { type: 'number' } } }),
          output: () => ({ type: 'object', properties: { n: { type: 'number' } } }),
        },
      },
    };
    const tool = createTool({
      name: 'async-input',
      description: 'x',
      input: asyncSchema as unknown as typeof weatherValibot,
      execute: (params) => params,
    });
    expect(await tool.execute({ name: 'async-input', arguments: { n: 1 } })).toMatchObject({
      outcome: 'success',
      result: { n: 2 },
    });
    const failed = await tool.execute({ name: 'async-input', arguments: { n: 'x' } });
    expect(failed.error?.details?.issues).toEqual([
      { path: ['n'], code: 'custom', message: 'n must be a number' },
    ]);
    const throwing = createTool({
      name: 'throwing',
      description: 'x',
      input: {
        '~standard': {
          version: 1,
          vendor: 't',
          validate: () => {
            throw new Error('validator broke');
          },
        },
      } as unknown as typeof weatherValibot,
      jsonSchema: { type: 'object' },
      execute: () => 1,
    });
    const result = await throwing.execute({ name: 'throwing', arguments: {} });
    expect(result.error?.code).toBe('INVALID_ARGUMENTS');
    expect(result.error?.message).toContain('validator broke');
  });

  test('property: an ArkType tool accepts exactly what ArkType accepts, and never crashes', async () => {
    const schema = type({ id: 'string', 'count?': 'number' });
    const tool = createTool({ name: 'echo', description: 'x', input: schema, execute: (params) => params });
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('id', 'count', 'other'), fc.jsonValue()),
        async (args) => {
          const result = await tool.execute({ name: 'echo', arguments: args });
          const expected = schema(args);
          const valid = !(expected instanceof type.errors);
          expect(result.outcome).toBe(valid ? 'success' : 'error');
          if (valid) expect(result.result).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('Zod 4 stays the fast path: the schema is used as given, and an explicit jsonSchema does not touch it', () => {
    const schema = z.object({ a: z.number() });
    const tool = createTool({ name: 'zod', description: 'x', input: schema, execute: () => 1 });
    expect(tool.configuration.schema).toBe(schema);
    expect(standardSchemaOf(tool.configuration.schema)).toBeUndefined();
    const jsonSchema = { type: 'object', properties: { a: { type: 'number', description: 'custom' } } };
    const custom = createTool({
      name: 'custom',
      description: 'x',
      input: schema,
      jsonSchema,
      execute: () => 1,
    });
    expect(toolInputJsonSchema(custom.configuration.schema)).toBe(jsonSchema);
    expect(toolInputJsonSchema(schema)).not.toBe(jsonSchema);
    expect(isStandardSchema(schema)).toBe(true);
  });
});
