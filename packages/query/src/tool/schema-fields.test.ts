import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { collectSchemaTexts, schemaFields } from './schema-fields';

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
});
