import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { collectSchemaTexts, schemaFields, schemaShape } from './schema-fields';

describe('schema field descriptions (read without the registry getter where no metadata exists)', () => {
  const schema = z.object({
    plain: z.string(),
    checked: z.number().int().min(1).max(9),
    describedAfterChecks: z.string().min(1).describe('after the checks'),
    checksAfterDescription: z.string().describe('before the checks').min(1).max(5),
    wrapped: z.string().describe('inside optional').optional(),
    outerDescription: z.string().optional().describe('on the wrapper'),
    meta: z.string().meta({ description: 'through meta', title: 'T' }),
    metaWithoutDescription: z.string().describe('kept').meta({ title: 'only a title' }),
    overridden: z.string().describe('first').min(2).describe('second'),
  });

  test('every description zod reports is found, and none is invented', () => {
    const fields = Object.fromEntries(schemaFields(schema).map((field) => [field.key, field.description]));
    const shape = schema.shape as Record<string, { description?: string }>;
    const expected = Object.fromEntries(
      Object.entries(shape).map(([key, field]) => {
        let current: unknown = field;
        // The first description on the wrapper chain, as the index reads it.
        for (let depth = 0; depth < 8 && current !== undefined; depth++) {
          const described = (current as { description?: string }).description;
          if (described !== undefined) return [key, described];
          current = (current as { _zod: { def: { innerType?: unknown } } })._zod.def.innerType;
        }
        return [key, undefined];
      }),
    );
    expect(fields).toEqual(expected);
    expect(fields.plain).toBeUndefined();
    expect(fields.checked).toBeUndefined();
    expect(fields.checksAfterDescription).toBe('before the checks');
    expect(fields.metaWithoutDescription).toBe('kept');
    expect(fields.overridden).toBe('second');
  });

  test('collectSchemaTexts appends keys and descriptions', () => {
    const keys: string[] = [];
    const texts: string[] = [];
    collectSchemaTexts(z.object({ a: z.string().describe('alpha'), b: z.enum(['x', 'y']) }), keys, texts);
    expect(keys).toEqual(['a', 'b']);
    expect(texts).toEqual(['alpha', 'x', 'y']);
  });

  test('the shape is read without resolving it: the def keeps its accessor, the texts are the same after', () => {
    const fresh = z.object({ city: z.string().describe('the city'), unit: z.enum(['c', 'f']).optional() });
    const def = fresh._zod.def;
    const keys: string[] = [];
    const texts: string[] = [];
    collectSchemaTexts(fresh, keys, texts);
    expect(keys).toEqual(['city', 'unit']);
    expect(texts).toEqual(['the city', 'c', 'f']);
    // Reading did not run Zod's copy-on-first-read accessor (which redefines `shape` as a value).
    expect(typeof Object.getOwnPropertyDescriptor(def, 'shape')?.get).toBe('function');
    // Once Zod resolves it (here through `.shape`), the resolved copy is read, with the same result.
    expect(Object.keys(fresh.shape)).toEqual(['city', 'unit']);
    expect(Object.getOwnPropertyDescriptor(def, 'shape')?.get).toBeUndefined();
    const again: string[] = [];
    const againTexts: string[] = [];
    collectSchemaTexts(fresh, again, againTexts);
    expect([again, againTexts]).toEqual([keys, texts]);
    expect(schemaShape(fresh)).toBe(def.shape);
  });

  test('a shape with getters (recursive schemas) and derived objects read like Zod reads them', () => {
    const node = z.object({
      label: z.string().describe('the label'),
      get children() {
        return z.array(node).optional();
      },
    });
    expect(schemaFields(node).map((field) => field.key)).toEqual(Object.keys(node.shape));
    const extended = node.extend({ weight: z.number().describe('the weight') });
    expect(schemaFields(extended).map((field) => [field.key, field.description])).toEqual([
      ['label', 'the label'],
      ['children', undefined],
      ['weight', 'the weight'],
    ]);
    const picked = extended.pick({ weight: true });
    expect(schemaFields(picked).map((field) => field.key)).toEqual(['weight']);
    expect(schemaShape('not a schema')).toBeUndefined();
    expect(schemaShape(z.string())).toBeUndefined();
  });
});
