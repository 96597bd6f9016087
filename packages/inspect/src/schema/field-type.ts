import { unwrapZodField, type ZodSchemaLike, zodDef, zodObjectShape } from '@armorer/core';

/** What a parameter schema says about itself, read from `_zod.def` (core's walker) without conversion. */
export interface FieldFacts {
  readonly type: string;
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly description: string | undefined;
}

const MAX_DEPTH = 6;

/** The shape of an object schema (or a plain shape), or `undefined`. */
export function shapeOf(schema: unknown): Readonly<Record<string, unknown>> | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  if (zodDef(schema) === undefined) return schema as Record<string, unknown>;
  return zodObjectShape(schema);
}

const byGetter = (schema: ZodSchemaLike): unknown => schema.description;

/** Type, optionality, nullability and description of one parameter. */
export function fieldFacts(field: unknown): FieldFacts {
  const found = unwrapZodField(field, { description: byGetter });
  return {
    type: typeName(found.schema, 0),
    optional: found.optional,
    nullable: found.nullable,
    description: found.description,
  };
}

/** A readable type: `string`, `array<number>`, `"a" | "b"`, `object`, `string | number`. */
export function typeName(schema: ZodSchemaLike | undefined, depth: number): string {
  const def = zodDef(schema);
  const type = def?.type;
  if (def === undefined || type === undefined) return 'unknown';
  if (depth >= MAX_DEPTH) return type;
  switch (type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return typeName(def.innerType, depth + 1);
    case 'nullable':
      return `${typeName(def.innerType, depth + 1)} | null`;
    case 'pipe':
      return typeName(def.in, depth + 1);
    case 'array':
      return `array<${typeName(def.element, depth + 1)}>`;
    case 'record':
      return `record<${typeName(def.valueType, depth + 1)}>`;
    case 'union':
      return (def.options ?? []).map((option) => typeName(option, depth + 1)).join(' | ');
    case 'enum':
      return literals(Object.values(def.entries ?? {}));
    case 'literal':
      return literals(def.values ?? []);
    default:
      return type;
  }
}

function literals(values: readonly unknown[]): string {
  const shown = values.slice(0, 12).map((value) => JSON.stringify(value) ?? String(value));
  return values.length > 12 ? `${shown.join(' | ')} | ...` : shown.join(' | ');
}
