import { type ObjectSchema, rememberJsonSchema } from '@armorer/core';
import { z } from 'zod';
import { isObject, type JsonObject } from '../schema/json';

/** Root keywords the lazy form reproduces exactly; any other root keyword converts eagerly. */
const LAZY_ROOT_KEYS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'description',
  'title',
  '$defs',
]);

const MAP_VALUED = ['properties', 'patternProperties', '$defs'];
const SCHEMA_VALUED = ['items', 'additionalProperties', 'contains', 'propertyNames', 'not'];
const ARRAY_VALUED = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * The schema without `default`s: Zod would fill them in, and the request would then carry values the
 * caller never chose (the API applies its own defaults). The model still sees them in the exported schema.
 */
function withoutDefaults(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const key of Object.keys(schema)) {
    if (key === 'default') continue;
    const value = schema[key];
    if (MAP_VALUED.includes(key) && isObject(value)) {
      const map: JsonObject = {};
      for (const name of Object.keys(value)) {
        Object.defineProperty(map, name, {
          value: withoutDefaults(value[name]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      out[key] = map;
    } else if (SCHEMA_VALUED.includes(key)) {
      out[key] = withoutDefaults(value);
    } else if (ARRAY_VALUED.includes(key) && Array.isArray(value)) {
      out[key] = value.map(withoutDefaults);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function convert(toolName: string, json: JsonObject): z.ZodType {
  try {
    return z.fromJSONSchema(withoutDefaults(json) as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    throw new Error(
      `The input schema of tool "${toolName}" could not be converted for validation: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/**
 * The Zod schema of an imported tool's input, built on the tool's first call instead of at import: a
 * document like the OpenAI API has hundreds of operations whose bodies share hundreds of components, and
 * converting them all up front would cost seconds that no call asked for. The top-level object (its keys,
 * which are required, and whether unknown keys pass) is built at once from the JSON Schema; each property
 * is a `z.lazy` view into the full conversion, made once. The JSON Schema itself is remembered, so the
 * tool exports exactly the schema it was imported with.
 */
export function lazyInputSchema(toolName: string, json: JsonObject): ObjectSchema {
  const properties = json['properties'];
  const additional = json['additionalProperties'];
  const lazyable =
    json['type'] === 'object' &&
    isObject(properties) &&
    (additional === undefined || typeof additional === 'boolean') &&
    Object.keys(json).every((key) => LAZY_ROOT_KEYS.has(key));
  let schema: ObjectSchema;
  if (lazyable) {
    let full: z.ZodObject | undefined;
    let failure: Error | undefined;
    const shapeOf = (): z.core.$ZodLooseShape => {
      if (failure !== undefined) throw failure;
      if (full === undefined) {
        try {
          full = convert(toolName, json) as z.ZodObject;
        } catch (error) {
          failure = error as Error;
          throw error;
        }
      }
      return full.shape;
    };
    const shape: Record<string, z.ZodType> = {};
    for (const key of Object.keys(properties)) {
      Object.defineProperty(shape, key, {
        value: z.lazy(() => shapeOf()[key] as z.ZodType),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    schema = additional === false ? z.strictObject(shape) : z.looseObject(shape);
  } else {
    const converted = convert(toolName, json);
    if (!(converted instanceof z.ZodObject)) {
      throw new Error(`The input schema of tool "${toolName}" is not an object schema.`);
    }
    schema = converted as ObjectSchema;
  }
  rememberJsonSchema(schema, json);
  return schema;
}
