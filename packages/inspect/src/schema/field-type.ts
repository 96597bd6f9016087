interface ZodLike {
  readonly _zod?: { readonly def?: Def };
  readonly description?: unknown;
}

interface Def {
  readonly type?: string;
  readonly innerType?: ZodLike;
  readonly in?: ZodLike;
  readonly element?: ZodLike;
  readonly options?: readonly ZodLike[];
  readonly entries?: Readonly<Record<string, unknown>>;
  readonly values?: readonly unknown[];
  readonly valueType?: ZodLike;
  readonly shape?: Readonly<Record<string, ZodLike>>;
}

/** What a parameter schema says about itself, read from `_zod.def` without conversion. */
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
  const def = (schema as ZodLike)._zod?.def;
  if (def === undefined) return schema as Record<string, unknown>;
  return def.type === 'object' && def.shape !== undefined ? def.shape : undefined;
}

/** Type, optionality, nullability and description of one parameter. */
export function fieldFacts(field: unknown): FieldFacts {
  let current = field as ZodLike | undefined;
  let optional = false;
  let nullable = false;
  let description: string | undefined;
  for (let depth = 0; current !== undefined && depth < MAX_DEPTH; depth++) {
    if (description === undefined && typeof current.description === 'string')
      description = current.description;
    const def = current._zod?.def;
    const type = def?.type;
    if (type === 'optional' || type === 'default' || type === 'prefault') optional = true;
    else if (type === 'nullable') nullable = true;
    else if (type !== 'readonly' && type !== 'catch' && type !== 'nonoptional') break;
    current = def?.innerType;
  }
  return { type: typeName(current, 0), optional, nullable, description };
}

/** A readable type: `string`, `array<number>`, `"a" | "b"`, `object`, `string | number`. */
export function typeName(schema: ZodLike | undefined, depth: number): string {
  const def = schema?._zod?.def;
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
