import fc from 'fast-check';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.constantFrom('k', 'v'), fc.integer(), { maxKeys: 2 }),
  fc.array(fc.integer(), { maxLength: 2 }),
);

function resolve(root: Node, ref: string): unknown {
  if (ref === '#') return root;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node = isNode(node) ? node[segment] : undefined;
  }
  return node;
}

function typed(type: string, node: Node, root: Node, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return fc.stringMatching(/^[a-z]{1,6}$/);
    case 'integer':
      return fc.integer({ min: 1, max: 9 });
    case 'number':
      return fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom(1.5, 2.25));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (Array.isArray(node['prefixItems']))
        return fc.tuple(...node['prefixItems'].map((item) => valuesFor(item, root, depth + 1)));
      if (depth > 3) return fc.constant([]);
      return fc.array(valuesFor(node['items'] ?? {}, root, depth + 1), { maxLength: 2 });
    }
    case 'object': {
      const properties = isNode(node['properties']) ? node['properties'] : {};
      const required = new Set(Array.isArray(node['required']) ? node['required'] : []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      // Deep down only the required properties are built, so recursive schemas stay finite.
      for (const [name, child] of Object.entries(properties))
        if (depth <= 3 || required.has(name)) shape[name] = valuesFor(child, root, depth + 1);
      const known = fc.record(shape, {
        requiredKeys: Object.keys(shape).filter((name) => required.has(name)),
      });
      const extra = node['additionalProperties'];
      if (Object.keys(properties).length > 0 || extra === undefined || extra === false || depth > 3)
        return known;
      return fc.dictionary(
        fc.stringMatching(/^[a-z]{1,5}$/),
        valuesFor(extra === true ? {} : extra, root, depth + 1),
        {
          maxKeys: 3,
        },
      );
    }
    default:
      return anyJson;
  }
}

/**
 * Values for a JSON Schema (a best effort: the caller checks them with a validator and discards the
 * ones that miss a constraint the generator does not model).
 */
export function valuesFor(schema: unknown, root: Node, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || !isNode(schema) || depth > 12) return anyJson;
  if (typeof schema['$ref'] === 'string') return valuesFor(resolve(root, schema['$ref']), root, depth + 1);
  if ('const' in schema) return fc.constant(schema['const']);
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...schema['enum']);
  const branches = [...((schema['anyOf'] as unknown[]) ?? []), ...((schema['oneOf'] as unknown[]) ?? [])];
  if (branches.length > 0) {
    const { anyOf: _any, oneOf: _one, ...base } = schema;
    return fc.oneof(
      ...branches.map((branch) =>
        valuesFor(isNode(branch) ? { ...base, ...branch } : branch, root, depth + 1),
      ),
    );
  }
  if (Array.isArray(schema['allOf'])) {
    const merged: Node = { ...schema, allOf: undefined };
    const properties: Node = { ...((schema['properties'] as Node) ?? {}) };
    const required: unknown[] = [...((schema['required'] as unknown[]) ?? [])];
    for (const branch of schema['allOf']) {
      if (!isNode(branch)) continue;
      Object.assign(properties, branch['properties'] ?? {});
      required.push(...((branch['required'] as unknown[]) ?? []));
      if (branch['type'] !== undefined) merged['type'] = branch['type'];
    }
    return valuesFor({ ...merged, type: merged['type'] ?? 'object', properties, required }, root, depth);
  }
  const type = schema['type'];
  const types = Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
  if (types.length === 0) {
    if (isNode(schema['properties']) || schema['additionalProperties'] !== undefined)
      return typed('object', schema, root, depth);
    if ('minLength' in schema) return typed('string', schema, root, depth);
    return anyJson;
  }
  return fc.oneof(...types.map((entry) => typed(entry, schema, root, depth)));
}
