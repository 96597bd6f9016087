import { describe, expect, test } from 'bun:test';
import { type } from 'arktype';
import fc from 'fast-check';
import * as v from 'valibot';
import { z } from 'zod';
import { createToolbox } from '../toolbox/public';
import { toolOutputJsonSchema } from './output';
import { createTool } from './public';

describe('output schemas validate every result', () => {
  test('a result that does not match ends OUTPUT_INVALID, says the tool already ran, and is not retryable', async () => {
    const effects: number[] = [];
    const counter = createTool({
      name: 'counter',
      description: 'Counts',
      output: z.object({ n: z.number() }),
      execute: () => {
        effects.push(1);
        return { n: 'not a number' } as unknown as { n: number };
      },
    });
    const result = await createToolbox([counter]).execute({ name: 'counter', arguments: {} });
    expect(effects).toEqual([1]);
    expect(result.outcome).toBe('error');
    expect(result.result).toBeUndefined();
    expect(result.error).toMatchObject({ code: 'OUTPUT_INVALID', category: 'execution', retryable: false });
    expect(result.error?.message).toContain(
      'Tool "counter" ran, but its result does not match its output schema: n:',
    );
    expect(result.error?.message).toContain('has already happened');
    expect(result.error?.message).toContain('do not retry');
    expect(result.error?.details?.issues?.[0]).toMatchObject({ path: ['n'], code: 'invalid_type' });
    await expect(counter()).rejects.toThrow('does not match its output schema');
  });

  test('a matching result is the schema output: defaults and transforms applied, unknown keys stripped', async () => {
    const tool = createTool({
      name: 'shaped',
      description: 'Shapes',
      output: z.object({ total: z.string().transform(Number), unit: z.string().default('eur') }),
      execute: () => ({ total: '12', internal: 'secret' }) as { total: string; unit?: string },
    });
    expect(await tool()).toEqual({ total: 12, unit: 'eur' });
  });

  test('an asynchronous implementation and an async refinement validate too', async () => {
    const tool = createTool({
      name: 'async',
      description: 'Async',
      output: z.object({ id: z.string() }).refine(async (value) => value.id.startsWith('ok')),
      execute: async ({ id }: { id: string }) => ({ id }),
      input: z.object({ id: z.string() }),
    });
    expect(await tool({ id: 'ok-1' })).toEqual({ id: 'ok-1' });
    const failed = await tool.execute({ name: 'async', arguments: { id: 'bad' } });
    expect(failed.error?.code).toBe('OUTPUT_INVALID');
  });

  test('Standard Schema outputs (Valibot, ArkType) validate through ~standard.validate', async () => {
    const valibot = createTool({
      name: 'valibot',
      description: 'V',
      input: { value: z.unknown() },
      output: v.object({ ok: v.boolean() }),
      execute: ({ value }) => value as { ok: boolean },
    });
    expect(await valibot({ value: { ok: true } })).toEqual({ ok: true });
    const wrong = await valibot.execute({ name: 'valibot', arguments: { value: { ok: 'yes' } } });
    expect(wrong.error?.code).toBe('OUTPUT_INVALID');
    expect(wrong.error?.details?.issues?.[0]?.path).toEqual(['ok']);
    const ark = createTool({
      name: 'ark',
      description: 'A',
      input: { value: z.unknown() },
      output: type({ count: 'number.integer' }),
      execute: ({ value }) => value as { count: number },
    });
    expect(await ark({ value: { count: 2 } })).toEqual({ count: 2 });
    expect((await ark.execute({ name: 'ark', arguments: { value: { count: 1.5 } } })).error?.code).toBe(
      'OUTPUT_INVALID',
    );
  });

  test('a validator that answers asynchronously, or throws, is handled without crashing', async () => {
    const asyncStandard = {
      '~standard': {
        version: 1 as const,
        vendor: 'test',
        validate: async (value: unknown) =>
          typeof value === 'string'
            ? { value: value.toUpperCase() }
            : { issues: [{ message: 'not a string' }] },
      },
    };
    const tool = createTool({
      name: 'upper',
      description: 'U',
      input: { value: z.unknown() },
      output: asyncStandard,
      execute: ({ value }) => value,
    });
    expect(await tool({ value: 'abc' })).toBe('ABC');
    expect((await tool.execute({ name: 'upper', arguments: { value: 1 } })).error?.message).toContain(
      '(root): not a string',
    );
    const throwing = createTool({
      name: 'throwing',
      description: 'T',
      output: {
        '~standard': {
          version: 1 as const,
          vendor: 'test',
          validate: () => {
            throw new Error('validator broke');
          },
        },
      },
      execute: () => 1,
    });
    const result = await throwing.execute({ name: 'throwing', arguments: {} });
    expect(result.error?.code).toBe('OUTPUT_INVALID');
    expect(result.error?.message).toContain('validator broke');
  });

  test('metadata.outputSchema as a schema is validated; as JSON Schema it is exported only', async () => {
    const declared = createTool({
      name: 'declared',
      description: 'D',
      metadata: { outputSchema: z.object({ sum: z.number() }) },
      execute: () => ({ sum: 'x' }),
    });
    expect((await declared.execute({ name: 'declared', arguments: {} })).error?.code).toBe('OUTPUT_INVALID');
    const json = createTool({
      name: 'json',
      description: 'J',
      metadata: { outputSchema: { type: 'object', properties: { sum: { type: 'number' } } } },
      execute: () => ({ sum: 'x' }),
    });
    expect(await json()).toEqual({ sum: 'x' });
    expect(json.configuration.output).toBeUndefined();
    expect(toolOutputJsonSchema(json.configuration)).toEqual({
      type: 'object',
      properties: { sum: { type: 'number' } },
    });
  });

  test('collected streams are validated as the array the caller gets; afterExecute sees the validated value', async () => {
    const seen: unknown[] = [];
    const words = createTool({
      name: 'words',
      description: 'W',
      output: z.array(z.string().trim()),
      policy: {
        afterExecute: ({ result }) => {
          seen.push(result);
        },
      },
      async *execute() {
        yield ' a ';
        yield 'b ';
      },
    });
    expect(await words()).toEqual(['a', 'b']);
    expect(seen).toEqual([['a', 'b']]);
    const numbers = createTool({
      name: 'numbers',
      description: 'N',
      output: z.array(z.string()),
      async *execute() {
        yield 1 as unknown as string;
      },
    });
    expect((await numbers.execute({ name: 'numbers', arguments: {} })).error?.code).toBe('OUTPUT_INVALID');
  });

  test('property: a result is accepted exactly when the schema accepts it, and never crashes the call', async () => {
    const schema = z.object({ n: z.number(), tags: z.array(z.string()).optional() });
    const echo = createTool({
      name: 'echo',
      description: 'E',
      input: { value: z.unknown() },
      output: schema,
      execute: ({ value }) => value as z.input<typeof schema>,
    });
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (value) => {
        const result = await echo.execute({ name: 'echo', arguments: { value } });
        const expected = schema.safeParse(value);
        expect(result.outcome).toBe(expected.success ? 'success' : 'error');
        if (expected.success) expect(result.result).toEqual(expected.data);
        else expect(result.error?.code).toBe('OUTPUT_INVALID');
      }),
      { numRuns: 300 },
    );
  });

  test('output must be a schema', () => {
    expect(() =>
      createTool({ name: 'bad', description: 'B', output: { type: 'object' } as never, execute: () => 1 }),
    ).toThrow('output must be a Zod schema or a Standard Schema validator');
  });
});

describe('toolOutputJsonSchema', () => {
  test('Zod (output side), Standard JSON Schema, metadata JSON Schema, or nothing', () => {
    const zod = createTool({
      name: 'zod',
      description: 'Z',
      output: z.object({ n: z.number().default(1) }),
      execute: () => ({}),
    });
    // The output side: a default makes `n` optional for callers, but always present in the result.
    expect(toolOutputJsonSchema(zod.configuration)).toMatchObject({
      type: 'object',
      properties: { n: { type: 'number' } },
      required: ['n'],
    });
    const ark = createTool({
      name: 'ark',
      description: 'A',
      output: type({ ok: 'boolean' }),
      execute: () => ({ ok: true }),
    });
    expect(toolOutputJsonSchema(ark.configuration)).toMatchObject({
      type: 'object',
      properties: { ok: { type: 'boolean' } },
    });
    // Valibot without toStandardJsonSchema cannot describe itself: validated, not exported.
    const valibot = createTool({
      name: 'valibot',
      description: 'V',
      output: v.object({ ok: v.boolean() }),
      execute: () => ({ ok: true }),
    });
    expect(toolOutputJsonSchema(valibot.configuration)).toBeUndefined();
    const none = createTool({ name: 'none', description: 'N', execute: () => 1 });
    expect(toolOutputJsonSchema(none.configuration)).toBeUndefined();
  });
});
