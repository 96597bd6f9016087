import {
  acceptsNull,
  isJsonObject,
  type JsonSchema,
  requiredOf,
  resolveLocalRef,
  typesOf,
} from '../schema/json-schema';

function resolved(node: unknown, root: JsonSchema): JsonSchema | undefined {
  let current = node;
  for (let hops = 0; hops < 32 && isJsonObject(current); hops++) {
    const ref = current['$ref'];
    if (typeof ref !== 'string' || Object.keys(current).length > 1) return current;
    current = resolveLocalRef(root, ref);
  }
  return isJsonObject(current) ? current : undefined;
}

/** The one branch of a union that can hold an object (or an array), when there is exactly one. */
function branchFor(node: JsonSchema, root: JsonSchema, kind: 'object' | 'array'): JsonSchema | undefined {
  const branches = [...((node['anyOf'] as unknown[]) ?? []), ...((node['oneOf'] as unknown[]) ?? [])]
    .map((branch) => resolved(branch, root))
    .filter((branch): branch is JsonSchema => {
      if (branch === undefined) return false;
      const types = typesOf(branch);
      return types === undefined
        ? kind === 'object' && isJsonObject(branch['properties'])
        : types.includes(kind);
    });
  return branches.length === 1 ? branches[0] : undefined;
}

function strip(value: unknown, node: unknown, root: JsonSchema, depth: number): unknown {
  const schema = resolved(node, root);
  if (schema === undefined || depth > 64 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const target =
      Array.isArray(schema['anyOf']) || Array.isArray(schema['oneOf'])
        ? branchFor(schema, root, 'array')
        : schema;
    if (target === undefined) return value;
    const prefix = Array.isArray(target['prefixItems']) ? (target['prefixItems'] as unknown[]) : [];
    return value.map((item, index) =>
      strip(item, index < prefix.length ? prefix[index] : target['items'], root, depth + 1),
    );
  }
  const target = isJsonObject(schema['properties']) ? schema : branchFor(schema, root, 'object');
  if (target === undefined) return value;
  const properties = target['properties'] as JsonSchema;
  const required = requiredOf(target);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (item === null && property !== undefined && !required.has(key) && !acceptsNull(property, root))
      continue;
    // Defined, not assigned: a `"__proto__"` key stays data, never the prototype of `out`.
    Object.defineProperty(out, key, {
      value: property === undefined ? item : strip(item, property, root, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * Maps the nulls a strict-mode model sends for absent optional fields back to absent fields, using the
 * tool's original JSON Schema: a `null` is removed only where the property is optional and its schema
 * does not accept `null`. Everything else is left for validation to judge.
 *
 * @example
 * ```ts
 * stripOptionalNulls({ city: 'Oslo', units: null }, schema); // { city: 'Oslo' } when units is optional
 * ```
 */
export function stripOptionalNulls(
  value: Record<string, unknown>,
  schema: JsonSchema,
): Record<string, unknown> {
  return strip(value, schema, schema, 0) as Record<string, unknown>;
}
