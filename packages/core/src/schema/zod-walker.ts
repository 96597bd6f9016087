/**
 * The one reader of Zod 4's internals (`schema._zod.def`, the surface Zod documents for libraries) in
 * armorer: core checks tool inputs with it, `@armorer/inspect` describes parameters and `@armorer/query`
 * indexes and matches them. Exported from `@armorer/core` for armorer packages; it follows Zod's internals
 * and may change with them in any release.
 */

/** What armorer reads of a Zod 4 definition (classic or mini). */
export interface ZodDef {
  readonly type?: string;
  readonly innerType?: ZodSchemaLike;
  readonly in?: ZodSchemaLike;
  readonly element?: ZodSchemaLike;
  readonly options?: readonly ZodSchemaLike[];
  readonly entries?: Readonly<Record<string, unknown>>;
  readonly values?: readonly unknown[];
  readonly valueType?: ZodSchemaLike;
  readonly shape?: Readonly<Record<string, ZodSchemaLike>>;
}

/** A value that may be a Zod 4 schema. */
export interface ZodSchemaLike {
  readonly _zod?:
    | { readonly def?: ZodDef | undefined; readonly parent?: ZodSchemaLike | undefined }
    | undefined;
  readonly description?: unknown;
}

/**
 * The definition of a Zod 4 schema (`schema._zod.def`), or `undefined` for anything else.
 *
 * @example
 * ```ts
 * zodDef(z.string())?.type; // 'string'
 * ```
 */
export function zodDef(value: unknown): ZodDef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const internals = (value as ZodSchemaLike)._zod;
  const def = typeof internals === 'object' && internals !== null ? internals.def : undefined;
  return typeof def === 'object' && def !== null ? def : undefined;
}

/**
 * The shape of a Zod object schema, or `undefined` for any other value. Read without resolving it: Zod
 * answers `def.shape` from an accessor that, on its first read, copies the shape and redefines the property
 * (a spread and a `defineProperty` per schema, which was 40% of indexing 10,000 tools). The accessor carries
 * the shape it answers from as `raw` (what Zod's own `util.rawShape` reads): the same keys and schemas. A
 * resolved shape, or an accessor without `raw` (other Zod versions), is read as is.
 *
 * @example
 * ```ts
 * Object.keys(zodObjectShape(z.object({ city: z.string() })) ?? {}); // ['city']
 * ```
 */
export function zodObjectShape(schema: unknown): Readonly<Record<string, unknown>> | undefined {
  const def = zodDef(schema);
  if (def?.type !== 'object') return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(def, 'shape');
  let shape: unknown;
  if (descriptor === undefined) shape = def.shape;
  else if (descriptor.get === undefined) shape = descriptor.value;
  else {
    const raw = (descriptor.get as { raw?: unknown }).raw;
    shape = typeof raw === 'object' && raw !== null ? raw : def.shape;
  }
  return typeof shape === 'object' && shape !== null ? (shape as Record<string, unknown>) : undefined;
}

/** Options of {@link unwrapZodField}. */
export interface UnwrapZodFieldOptions {
  /** Also step into a pipe's input (`z.string().transform(...)` reads as its string). Default false. */
  readonly pipes?: boolean;
  /** Also step into an array's element. Default false. */
  readonly arrays?: boolean;
  /** Read the nearest description met on the way (see `zodDescription`). Default false. */
  readonly description?: (schema: ZodSchemaLike) => unknown;
}

/** What {@link unwrapZodField} found under a field's wrappers. */
export interface ZodField {
  /** The schema under the wrappers (`undefined` when there is none). */
  readonly schema: ZodSchemaLike | undefined;
  /** Its definition. */
  readonly def: ZodDef | undefined;
  /** `optional`, `default` or `prefault` on the way, not overridden by an outer `nonoptional`. */
  readonly optional: boolean;
  /** `nullable` on the way. */
  readonly nullable: boolean;
  /** The outermost description met, when `options.description` reads them. */
  readonly description: string | undefined;
}

/** Most wrappers followed: deeper chains are read as the schema reached. */
const MAX_WRAPPERS = 8;

/**
 * Walks a field of an object schema through its wrappers (`optional`, `default`, `prefault`, `nullable`,
 * `readonly`, `catch`, `nonoptional`; pipes and arrays when asked) to the schema that says what the value
 * is, noting whether it may be omitted or null. Bounded: at most 8 wrappers are followed.
 *
 * @example
 * ```ts
 * const field = unwrapZodField(z.string().nullable().optional());
 * field.def?.type; // 'string'
 * field.optional && field.nullable; // true
 * ```
 */
export function unwrapZodField(field: unknown, options?: UnwrapZodFieldOptions): ZodField {
  const pipes = options?.pipes === true;
  const arrays = options?.arrays === true;
  const describe = options?.description;
  let current = field as ZodSchemaLike | undefined;
  let def = zodDef(current);
  let optional = false;
  let required = false;
  let nullable = false;
  let description: string | undefined;
  for (let depth = 0; def !== undefined && depth < MAX_WRAPPERS; depth++) {
    if (describe !== undefined && description === undefined) {
      const found = describe(current as ZodSchemaLike);
      if (typeof found === 'string') description = found;
    }
    let next: ZodSchemaLike | undefined;
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
        if (!required) optional = true;
        next = def.innerType;
        break;
      case 'nonoptional':
        if (!optional) required = true;
        next = def.innerType;
        break;
      case 'nullable':
        nullable = true;
        next = def.innerType;
        break;
      case 'readonly':
      case 'catch':
        next = def.innerType;
        break;
      case 'pipe':
        if (!pipes) return { schema: current, def, optional, nullable, description };
        next = def.in;
        break;
      case 'array':
        if (!arrays) return { schema: current, def, optional, nullable, description };
        next = def.element;
        break;
      default:
        return { schema: current, def, optional, nullable, description };
    }
    current = next;
    def = zodDef(current);
  }
  return { schema: current, def, optional, nullable, description };
}
