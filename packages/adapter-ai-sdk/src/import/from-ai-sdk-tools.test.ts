import { describe, expect, test } from 'bun:test';
import { ProviderAdapterError } from '@armorer/adapter-shared';
import type { DeclarationImportFailure } from '@armorer/core';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { AI_SDK_VERSIONS } from '../__fixtures__/sdks';
import { APPROVAL_SECRET, requestContext } from '../__fixtures__/tools';
import { toAISDKTools } from '../tools/to-ai-sdk-tools';
import type { AsSchema } from './ai-sdk-schema';
import { fromAISDKTools, importToolSet } from './from-ai-sdk-tools';

for (const sdk of AI_SDK_VERSIONS) {
  const asSchema = sdk.asSchema as AsSchema;
  const runs = { weather: 0, shout: 0, pay: 0, count: 0 };
  const toolSet = {
    weather: sdk.tool({
      description: 'Weather for a city',
      inputSchema: z.object({ city: z.string(), days: z.number().int().min(1).max(7).default(1) }),
      execute: async ({ city, days }: { city: string; days: number }) => {
        runs.weather++;
        return { city, days, temp: 21 };
      },
    }),
    shout: sdk.tool({
      description: 'Upper-cases text (Zod 3 schema with a transform)',
      inputSchema: z3.object({ text: z3.string().transform((text) => text.toUpperCase()) }),
      execute: async ({ text }: { text: string }) => {
        runs.shout++;
        return text;
      },
    }),
    pay: sdk.tool({
      description: 'Send money',
      inputSchema: sdk.jsonSchema({
        type: 'object',
        properties: { cents: { type: 'integer', minimum: 1 } },
        required: ['cents'],
        additionalProperties: false,
      }),
      needsApproval: async (input: { cents: number }) => input.cents > 100,
      execute: async ({ cents }: { cents: number }) => {
        runs.pay++;
        return { paid: cents };
      },
    }),
    count: sdk.tool({
      description: 'Counts up, reporting each step (preliminary results)',
      inputSchema: z.object({ to: z.number().int() }),
      async *execute({ to }: { to: number }) {
        runs.count++;
        for (let index = 1; index <= to; index++) yield { at: index };
      },
    }),
    declared: sdk.tool({ description: 'Runs elsewhere', inputSchema: z.object({ q: z.string() }) }),
  };

  describe(`${sdk.name}: fromAISDKTools`, () => {
    test('tools run through armorer: validated, transformed by their own schema, results as the AI SDK gives them', async () => {
      const toolbox = await importToolSet(toolSet, undefined, asSchema);
      expect(toolbox.names()).toEqual(['weather', 'shout', 'pay', 'count', 'declared']);
      const weather = await toolbox.execute({ name: 'weather', arguments: { city: 'Oslo' } });
      expect(weather.result).toEqual({ city: 'Oslo', days: 1, temp: 21 });
      const invalid = await toolbox.execute({ name: 'weather', arguments: { city: 'Oslo', days: 9 } });
      expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
      expect((await toolbox.execute({ name: 'shout', arguments: { text: 'hi' } })).result).toBe('HI');
      expect((await toolbox.execute({ name: 'count', arguments: { to: 3 } })).result).toEqual({ at: 3 });
      const missing = await toolbox.execute({ name: 'declared', arguments: { q: 'x' } });
      expect(missing.error?.code).toBe('TOOL_NOT_IMPLEMENTED');
      expect(runs).toMatchObject({ weather: 1, shout: 1, count: 1 });
    });

    test('needsApproval pauses the call in armorer until a person approves it, once', async () => {
      const toolbox = await importToolSet(toolSet, { approvalSecret: APPROVAL_SECRET }, asSchema);
      const before = runs.pay;
      expect((await toolbox.execute({ name: 'pay', arguments: { cents: 50 } })).result).toEqual({ paid: 50 });
      const paused = await toolbox.execute(
        { id: 'p1', name: 'pay', arguments: { cents: 500 } },
        { requestContext },
      );
      expect(paused.outcome).toBe('action_required');
      const pending = paused.pendingApproval;
      if (pending === undefined) throw new Error('expected a pending approval');
      expect((await toolbox.resumeApproval(pending, { requestContext })).result).toEqual({ paid: 500 });
      expect((await toolbox.resumeApproval(pending, { requestContext })).outcome).toBe('denied');
      expect(runs.pay - before).toBe(2);
    });

    test('exported again, each tool declares the JSON Schema the AI SDK declares for the original', async () => {
      const toolbox = await importToolSet(toolSet, undefined, asSchema);
      const again = toAISDKTools(toolbox);
      for (const [name, original] of Object.entries(toolSet)) {
        const declared = await asSchema((original as { inputSchema: unknown }).inputSchema).jsonSchema;
        const { $schema: _a, ...expected } = declared as Record<string, unknown>;
        const { $schema: _b, ...actual } = (await asSchema(again[name]?.inputSchema).jsonSchema) as Record<
          string,
          unknown
        >;
        expect({ name, schema: actual }).toEqual({ name, schema: expected });
      }
    });
  });
}

describe('fromAISDKTools refuses what it cannot import', () => {
  const sdk = AI_SDK_VERSIONS.at(-1);
  if (sdk === undefined) throw new Error('no AI SDK version');
  const provider = { type: 'provider', id: 'openai.web_search', args: {}, inputSchema: z.object({}) };
  const good = sdk.tool({ description: 'ok', inputSchema: z.object({}), execute: async () => 1 });

  test('a provider tool or a non-object is reported, the rest is imported', async () => {
    const failures: DeclarationImportFailure[] = [];
    const toolbox = await fromAISDKTools(
      { search: provider, nothing: null, good },
      { onInvalidDeclarations: (found) => failures.push(...found) },
    );
    expect(toolbox.names()).toEqual(['good']);
    expect(failures.map((failure) => [failure.index, failure.code])).toEqual([
      [0, 'INVALID_DECLARATION'],
      [1, 'INVALID_DECLARATION'],
    ]);
    expect(failures[0]?.message).toContain('provider tool');
    await expect(fromAISDKTools({ search: provider }, { invalidDeclarations: 'throw' })).rejects.toThrow(
      ProviderAdapterError,
    );
  });

  test('anything but a tool set is a typed error', async () => {
    for (const value of [null, [], 'tools', 3]) {
      await expect(fromAISDKTools(value as never)).rejects.toThrow(ProviderAdapterError);
    }
  });
});
