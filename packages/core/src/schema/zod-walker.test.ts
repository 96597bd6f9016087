import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { z } from 'zod';
import * as mini from 'zod/mini';
import { zodDescription } from './zod-description';
import { unwrapZodField, zodDef, zodObjectShape } from './zod-walker';

describe('the Zod walker core shares with inspect and query', () => {
  test('zodDef reads Zod 4 classic and mini schemas, and nothing else', () => {
    expect(zodDef(z.string())?.type).toBe('string');
    expect(zodDef(mini.number())?.type).toBe('number');
    for (const value of [undefined, null, 1, 'x', {}, { _zod: 1 }, { _zod: { def: null } }, []]) {
      expect(zodDef(value)).toBeUndefined();
    }
  });

  test('zodObjectShape reads an object schema without resolving its shape accessor', () => {
    const schema = z.object({ city: z.string(), days: z.number().optional() });
    const before = Object.getOwnPropertyDescriptor(schema._zod.def, 'shape');
    expect(Object.keys(zodObjectShape(schema) ?? {})).toEqual(['city', 'days']);
    expect(Object.getOwnPropertyDescriptor(schema._zod.def, 'shape')).toEqual(before);
    expect(Object.keys(zodObjectShape(mini.object({ a: mini.string() })) ?? {})).toEqual(['a']);
    expect(zodObjectShape(z.string())).toBeUndefined();
    expect(zodObjectShape({ city: z.string() })).toBeUndefined();
  });

  test('unwrapZodField walks the wrappers and notes optional and nullable', () => {
    const field = unwrapZodField(z.string().nullable().default('x').readonly().catch('y'));
    expect(field.def?.type).toBe('string');
    expect(field.optional).toBe(true);
    expect(field.nullable).toBe(true);
    expect(unwrapZodField(z.number()).optional).toBe(false);
    expect(unwrapZodField(z.string().prefault('a')).optional).toBe(true);
    // An outer nonoptional makes an inner optional required; an outer optional wins over an inner nonoptional.
    expect(unwrapZodField(z.string().optional().nonoptional()).optional).toBe(false);
    expect(unwrapZodField(z.string().optional().nonoptional().optional()).optional).toBe(true);
    expect(unwrapZodField(undefined).def).toBeUndefined();
  });

  test('pipes and arrays are stepped into only when asked', () => {
    const piped = z.string().transform((text) => text.length);
    expect(unwrapZodField(piped).def?.type).toBe('pipe');
    expect(unwrapZodField(piped, { pipes: true }).def?.type).toBe('string');
    const list = z.array(z.enum(['a', 'b'])).optional();
    expect(unwrapZodField(list).def?.type).toBe('array');
    expect(unwrapZodField(list, { arrays: true }).def?.type).toBe('enum');
  });

  test('descriptions: the outermost met, read from the registry as the getter reads them', () => {
    const inner = z.string().describe('inner');
    expect(unwrapZodField(inner.optional(), { description: zodDescription }).description).toBe('inner');
    expect(
      unwrapZodField(inner.optional().describe('outer'), { description: zodDescription }).description,
    ).toBe('outer');
    expect(zodDescription(z.number())).toBeUndefined();
    expect(zodDescription(mini.string())).toBeUndefined();
  });

  test('property: any chain of wrappers is walked to its base type, bounded, never throwing', () => {
    const wrappers = ['optional', 'nullable', 'default', 'readonly', 'catch', 'nonoptional'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(z.string(), z.number(), z.boolean(), z.object({ a: z.string() })),
        fc.array(fc.constantFrom(...wrappers), { maxLength: 12 }),
        (base, chain) => {
          let schema: z.ZodType = base;
          for (const wrapper of chain) {
            if (wrapper === 'optional') schema = schema.optional();
            else if (wrapper === 'nullable') schema = schema.nullable();
            else if (wrapper === 'default') schema = schema.default(undefined as never);
            else if (wrapper === 'readonly') schema = schema.readonly();
            else if (wrapper === 'catch') schema = schema.catch(undefined as never);
            else schema = schema.nonoptional();
          }
          const found = unwrapZodField(schema);
          // The outermost 8 wrappers are read, outermost first: the last one applied.
          const read = chain.slice(-8).reverse();
          let optional = false;
          let required = false;
          for (const wrapper of read) {
            if ((wrapper === 'optional' || wrapper === 'default') && !required) optional = true;
            if (wrapper === 'nonoptional' && !optional) required = true;
          }
          expect(found.optional).toBe(optional);
          expect(found.nullable).toBe(read.includes('nullable'));
          if (chain.length <= 8) expect(found.def?.type).toBe(base._zod.def.type);
          else expect(found.def).toBe(zodDef(found.schema));
        },
      ),
      { numRuns: 200 },
    );
  });
});
