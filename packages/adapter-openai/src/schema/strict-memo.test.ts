import { describe, expect, test } from 'bun:test';
import { parameterSchema, zodInputSchema } from '@armorer/adapter-fixtures/schema-arbitraries';
import { normalizeParameterSchema, WarningCollector } from '@armorer/adapter-shared';
import { createTool } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { toOpenAITools } from '../tools/to-openai-tools';
import { rememberedStrictCodec } from './strict-memo';
import { StrictUnavailable, toStrictCodec } from './strict-schema';

/** A conversion's whole outcome as text: schema, decoders (maps as entry lists) and warnings, or its refusal. */
function outcome(convert: (collector: WarningCollector) => unknown, tool: string): string {
  const collector = new WarningCollector('openai', tool);
  try {
    const codec = convert(collector);
    return JSON.stringify([codec, collector.warnings], (_key, value) =>
      value instanceof Map ? [...value] : value,
    );
  } catch (error) {
    if (error instanceof StrictUnavailable) return `unavailable ${error.path} ${error.reason}`;
    throw error;
  }
}

const jsonSchemas = fc.oneof(
  parameterSchema,
  zodInputSchema.map((schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })),
);

describe('rememberedStrictCodec', () => {
  test('gives what converting gives, for schemas met again (as copies) under a name or new to it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('memo_a', 'memo_b'), fc.nat({ max: 2 })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(jsonSchemas, { minLength: 3, maxLength: 3 }),
        (uses, raw) => {
          const schemas = raw.map((schema) => normalizeParameterSchema('t', schema));
          for (const [tool, which] of uses) {
            // A fresh copy each time: the same data in new objects, as a tool made afresh has.
            const schema = structuredClone(schemas[which]) as Record<string, unknown>;
            expect(outcome((collector) => rememberedStrictCodec(tool, schema, collector), tool)).toBe(
              outcome((collector) => toStrictCodec(schema, collector), tool),
            );
          }
        },
      ),
      { numRuns: 200, seed: 20261202 },
    );
    // 200 generated cases: 1.2 s alone, more than 5 s seen on a loaded machine.
  }, 60_000);

  test('a tool made afresh under the same name shares the strict schema and reports the same warnings', () => {
    const make = () =>
      createTool({
        name: 'memo_search',
        description: 'Search',
        input: z.object({ query: z.string().max(200), limit: z.number().int().min(1).optional() }),
        execute: () => 1,
      });
    const first: unknown[] = [];
    const second: unknown[] = [];
    const [a] = toOpenAITools([make()], { strict: true, onWarnings: (warnings) => first.push(...warnings) });
    const [b] = toOpenAITools([make()], { strict: true, onWarnings: (warnings) => second.push(...warnings) });
    expect(b?.function.parameters).toBe(a?.function.parameters as never);
    expect(second).toEqual(first);
    expect(second[0]).not.toBe(first[0]);
    expect(first.length).toBeGreaterThan(0);
  });

  test('data that only looks equal is converted again', () => {
    const base = { type: 'object', properties: { a: { type: 'string', default: 'x' } } };
    const collector = new WarningCollector('openai', 'memo_lookalike');
    const codec = rememberedStrictCodec('memo_lookalike', base, collector);
    const withUndefined = { type: 'object', properties: { a: { type: 'string', default: undefined } } };
    const again = rememberedStrictCodec('memo_lookalike', withUndefined, collector);
    expect(again).not.toBe(codec);
    expect(JSON.stringify(again.schema)).toBe(
      JSON.stringify(toStrictCodec(withUndefined, new WarningCollector('openai', 'x')).schema),
    );
  });

  test('names made up per call do not grow the memo without end, and a name met again still converts right', () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } } };
    const first = rememberedStrictCodec('memo_bound_0', schema, new WarningCollector('openai', 'x'));
    for (let index = 1; index <= 2048; index++) {
      rememberedStrictCodec(`memo_bound_${index}`, { ...schema }, new WarningCollector('openai', 'x'));
    }
    const again = rememberedStrictCodec('memo_bound_0', { ...schema }, new WarningCollector('openai', 'x'));
    // Forgotten when the memo filled up: converted afresh, to the same result.
    expect(again).not.toBe(first);
    expect(JSON.stringify(again.schema)).toBe(JSON.stringify(first.schema));
  });
});
