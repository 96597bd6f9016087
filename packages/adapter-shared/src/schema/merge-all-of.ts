import { isJsonObject, type JsonSchema, type MutableJsonSchema, resolveLocalRef } from './json-schema';

const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);
const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);
const FIRST_WINS = new Set(['description', 'title', 'default', 'examples', '$comment', 'deprecated']);

/** A branch of `allOf` with its references followed (bounded; a reference cycle gives up). */
function followRefs(branch: unknown, root: JsonSchema): JsonSchema | undefined {
  let current = branch;
  const seen = new Set<string>();
  while (isJsonObject(current) && typeof current['$ref'] === 'string') {
    const ref = current['$ref'];
    if (seen.has(ref)) return undefined;
    seen.add(ref);
    const target = resolveLocalRef(root, ref);
    if (target === undefined) return undefined;
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return isJsonObject(current) ? current : undefined;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Merges `branch` into `out`; false when a keyword conflicts in a way this merge cannot express. */
function mergeInto(out: MutableJsonSchema, branch: JsonSchema): boolean {
  let complete = true;
  for (const [key, value] of Object.entries(branch)) {
    const current = out[key];
    if (current === undefined || same(current, value)) {
      out[key] = value;
    } else if (key === 'properties' && isJsonObject(current) && isJsonObject(value)) {
      const properties: MutableJsonSchema = { ...current };
      for (const [name, schema] of Object.entries(value)) {
        const known = properties[name];
        properties[name] = known === undefined || same(known, schema) ? schema : { allOf: [known, schema] };
      }
      out[key] = properties;
    } else if (key === 'required' && Array.isArray(current) && Array.isArray(value)) {
      out[key] = [...new Set([...current, ...value])];
    } else if (key === 'type') {
      const left = Array.isArray(current) ? current : [current];
      const right = Array.isArray(value) ? value : [value];
      const both = left.filter(
        (type) => right.includes(type) || (type === 'integer' && right.includes('number')),
      );
      const extra = right.filter((type) => type === 'integer' && left.includes('number'));
      const types = [...new Set([...both, ...extra])];
      if (types.length === 0) complete = false;
      else out[key] = types.length === 1 ? types[0] : types;
    } else if (key === 'enum' && Array.isArray(current) && Array.isArray(value)) {
      out[key] = current.filter((item) => value.some((other) => same(item, other)));
    } else if (LOWER_BOUNDS.has(key) && typeof current === 'number' && typeof value === 'number') {
      out[key] = Math.max(current, value);
    } else if (UPPER_BOUNDS.has(key) && typeof current === 'number' && typeof value === 'number') {
      out[key] = Math.min(current, value);
    } else if (key === 'additionalProperties' && (current === false || value === false)) {
      out[key] = false;
    } else if (!FIRST_WINS.has(key)) {
      complete = false;
    }
  }
  return complete;
}

/**
 * Folds the `allOf` of a node into the node itself where that says the same thing: properties and
 * `required` are united, types and enums intersected, bounds tightened, references followed. Branches
 * that cannot be folded (conflicting keywords, reference cycles) are returned in `rest`; the caller
 * reports them. Providers that lack `allOf` (OpenAI strict mode, Gemini's OpenAPI subset) read the
 * merged node instead.
 *
 * @example
 * ```ts
 * mergeAllOf({ allOf: [{ $ref: '#/$defs/base' }, { properties: { b: { type: 'number' } } }] }, root);
 * // { merged: { type: 'object', properties: { a: ..., b: ... } }, rest: [] }
 * ```
 */
export function mergeAllOf(
  node: JsonSchema,
  root: JsonSchema,
): { readonly merged: MutableJsonSchema; readonly rest: readonly unknown[] } {
  const { allOf, ...base } = node;
  const merged: MutableJsonSchema = { ...base };
  const rest: unknown[] = [];
  if (!Array.isArray(allOf)) return { merged, rest };
  for (const branch of allOf) {
    if (branch === true) continue;
    const resolved = followRefs(branch, root);
    if (resolved === undefined) {
      rest.push(branch);
      continue;
    }
    const inner = Array.isArray(resolved['allOf']) ? mergeAllOf(resolved, root) : undefined;
    const attempt: MutableJsonSchema = { ...merged };
    if (mergeInto(attempt, inner?.merged ?? resolved) && (inner === undefined || inner.rest.length === 0)) {
      Object.assign(merged, attempt);
    } else rest.push(branch);
  }
  return { merged, rest };
}
