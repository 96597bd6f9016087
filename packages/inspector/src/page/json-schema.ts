/** Reading the JSON Schema of a tool's arguments, for the generated form. */

/** A JSON Schema object. */
export type Schema = Readonly<Record<string, unknown>>;

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/$defs/x`); anything else stays as it is. */
export function resolve(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let hops = 0; hops < 8 && typeof current.$ref === 'string'; hops++) {
    const path = (current.$ref as string).replace(/^#\/?/, '').split('/').filter(Boolean);
    let target: unknown = root;
    for (const part of path)
      target = isSchema(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    if (!isSchema(target)) return current;
    current = target;
  }
  return current;
}

/** `T | null` (as `anyOf`, `oneOf` or a type list): the `T`, and whether null is allowed. */
export function unwrapNullable(schema: Schema): { schema: Schema; nullable: boolean } {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length === 2) {
      const nonNull = options.filter((option) => !(isSchema(option) && option.type === 'null'));
      if (nonNull.length === 1 && isSchema(nonNull[0])) {
        return { schema: { ...schema, [key]: undefined, ...nonNull[0] }, nullable: true };
      }
    }
  }
  const type = schema.type;
  if (Array.isArray(type) && type.length === 2 && type.includes('null')) {
    return { schema: { ...schema, type: type.find((item) => item !== 'null') }, nullable: true };
  }
  return { schema, nullable: false };
}
