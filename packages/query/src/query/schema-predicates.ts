import { unwrapZodField, type ZodDef, type ZodToolInput } from '@armorer/core';
import { schemaShape } from '../tool/schema-fields';
import { checkStringList, invalid, isPlainObject } from './query-keys';
import type { ToolPredicate } from './tag-predicates';

/**
 * Matches tools whose input schema has every one of `keys` as a top-level parameter (case-sensitive, as
 * parameter names are). An empty list matches every tool.
 *
 * @example
 * ```ts
 * const byUser = toolbox.tools().filter(schemaHasKeys(['userId']));
 * ```
 */
export function schemaHasKeys(keys: readonly string[]): ToolPredicate {
  const wanted = checkStringList(keys, 'schemaHasKeys(keys)');
  if (wanted.length === 0) return () => true;
  return (tool) => {
    const shape = schemaShape(tool.configuration.schema);
    return shape !== undefined && wanted.every((key) => Object.hasOwn(shape, key));
  };
}

/**
 * Matches tools whose input schema is compatible with `schema` (a Zod object schema or a plain shape): every
 * key of `schema` is a parameter of the tool with the same kind of type (optional/nullable/default wrappers
 * aside; objects compared recursively), and every other parameter of the tool is optional.
 *
 * @example
 * ```ts
 * const cityTools = toolbox.tools().filter(schemaMatches(z.object({ city: z.string() })));
 * ```
 */
export function schemaMatches(schema: ZodToolInput): ToolPredicate {
  const wanted = schemaShape(schema) ?? (isPlainObject(schema) && !('_zod' in schema) ? schema : undefined);
  if (wanted === undefined) invalid('schemaMatches(schema)', 'a Zod object schema or a shape of Zod schemas');
  return (tool) => {
    const shape = schemaShape(tool.configuration.schema);
    return shape !== undefined && shapesMatch(shape, wanted, 0);
  };
}

// Fields are compared under their wrappers (optional, default, nullable, ...) with core's Zod walker.
function shapesMatch(
  actual: Readonly<Record<string, unknown>>,
  wanted: Readonly<Record<string, unknown>>,
  depth: number,
): boolean {
  for (const key of Object.keys(wanted)) {
    if (!Object.hasOwn(actual, key)) return false;
    if (!typesMatch(unwrapZodField(actual[key]).def, unwrapZodField(wanted[key]).def, depth)) return false;
  }
  for (const key of Object.keys(actual)) {
    if (!Object.hasOwn(wanted, key) && !unwrapZodField(actual[key]).optional) return false;
  }
  return true;
}

function typesMatch(actual: ZodDef | undefined, wanted: ZodDef | undefined, depth: number): boolean {
  if (wanted === undefined || wanted.type === 'unknown' || wanted.type === 'any') return true;
  if (actual === undefined || actual.type !== wanted.type) return false;
  if (depth >= 8) return true;
  if (actual.type === 'object' && actual.shape !== undefined && wanted.shape !== undefined) {
    return shapesMatch(actual.shape, wanted.shape, depth + 1);
  }
  if (actual.type === 'array')
    return typesMatch(unwrapZodField(actual.element).def, unwrapZodField(wanted.element).def, depth + 1);
  return true;
}
