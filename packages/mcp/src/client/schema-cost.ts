/**
 * How much work validating one value against a JSON Schema can take at a single level of the value.
 * Keywords that apply a subschema to the same instance (`$ref`, `allOf`, `anyOf`, `oneOf`, `not`,
 * `if`/`then`/`else`, `dependentSchemas`) do not descend into the value, so a cycle through them alone
 * (`a -> $ref b -> $ref a`) never ends and a chain of them can fan out exponentially. Keywords that
 * descend (`properties`, `items`, ...) are bounded by the value itself and are only followed to reach
 * more subschemas.
 */

const SAME_INSTANCE_SINGLE = ['not', 'if', 'then', 'else'] as const;
const SAME_INSTANCE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const DESCENDING_SINGLE = [
  'items',
  'additionalProperties',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
] as const;
const DESCENDING_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolvePointer(root: Schema, ref: string): Schema | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isSchema(node) && !Array.isArray(node)) return undefined;
    node = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return isSchema(node) ? node : undefined;
}

function sameInstanceChildren(root: Schema, node: Schema): Schema[] {
  const children: Schema[] = [];
  if (typeof node['$ref'] === 'string') {
    const target = resolvePointer(root, node['$ref']);
    if (target !== undefined) children.push(target);
  }
  for (const key of SAME_INSTANCE_SINGLE) if (isSchema(node[key])) children.push(node[key]);
  for (const key of SAME_INSTANCE_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) for (const entry of list) if (isSchema(entry)) children.push(entry);
  }
  const dependent = node['dependentSchemas'];
  if (isSchema(dependent))
    for (const entry of Object.values(dependent)) if (isSchema(entry)) children.push(entry);
  return children;
}

function descendingChildren(node: Schema): Schema[] {
  const children: Schema[] = [];
  for (const key of DESCENDING_SINGLE) if (isSchema(node[key])) children.push(node[key]);
  for (const key of DESCENDING_MAPS) {
    const map = node[key];
    if (isSchema(map)) for (const entry of Object.values(map)) if (isSchema(entry)) children.push(entry);
  }
  const prefix = node['prefixItems'] ?? (Array.isArray(node['items']) ? node['items'] : undefined);
  if (Array.isArray(prefix)) for (const entry of prefix) if (isSchema(entry)) children.push(entry);
  return children;
}

/**
 * Whether some subschema of `root` needs more than `limit` schema evaluations on one level of a value
 * (infinite for a cycle of same-instance keywords). Iterative, so a deeply nested schema cannot exhaust
 * the stack.
 */
export function schemaCostExceeds(root: Schema, limit: number): boolean {
  const cost = new Map<Schema, number>();
  const reached = new Set<Schema>([root]);
  const pending: Schema[] = [root];
  let budget = limit * 100;
  while (pending.length > 0) {
    const start = pending.pop() as Schema;
    // Post-order walk over same-instance edges: a node met again while on the path is a cycle.
    const onPath = new Set<Schema>();
    const stack: Array<{ node: Schema; children: Schema[]; next: number; total: number }> = [];
    const enter = (node: Schema) => {
      onPath.add(node);
      stack.push({ node, children: sameInstanceChildren(root, node), next: 0, total: 1 });
    };
    if (!cost.has(start)) enter(start);
    while (stack.length > 0) {
      if (--budget < 0) return true;
      const frame = stack[stack.length - 1] as (typeof stack)[number];
      if (frame.next < frame.children.length) {
        const child = frame.children[frame.next++] as Schema;
        if (onPath.has(child)) return true;
        const known = cost.get(child);
        if (known === undefined) enter(child);
        else frame.total += known;
        if (frame.total > limit) return true;
        continue;
      }
      stack.pop();
      onPath.delete(frame.node);
      cost.set(frame.node, frame.total);
      const parent = stack[stack.length - 1];
      if (parent !== undefined) {
        parent.total += frame.total;
        if (parent.total > limit) return true;
      }
    }
    for (const child of [...descendingChildren(start), ...sameInstanceChildren(root, start)]) {
      if (!reached.has(child)) {
        reached.add(child);
        pending.push(child);
      }
    }
  }
  return false;
}
