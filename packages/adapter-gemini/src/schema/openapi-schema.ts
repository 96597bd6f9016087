import {
  ANNOTATION_KEYWORDS,
  cloneJson,
  isJsonObject,
  isUnconstrained,
  isVacuousKeyword,
  type JsonSchema,
  type MutableJsonSchema,
  mergeAllOf,
  pointer,
  resolveLocalRef,
  typesOf,
  type WarningCollector,
} from '@armorer/adapter-shared';
import { exclusiveBounds } from './bounds';

/** Gemini `parameters` property names: a letter or underscore, then letters, digits, underscores; <= 64. */
const PROPERTY_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/;
/** Counts the OpenAPI Schema writes as int64 strings. */
const COUNTS = new Set(['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties']);
const COPIED = new Set([
  'description',
  'title',
  'pattern',
  'minimum',
  'maximum',
  'default',
  'example',
  'format',
]);
/** Keywords handled by the rules below (or silently inlined, like `$defs`). */
const HANDLED = new Set([
  'type',
  'enum',
  'const',
  '$ref',
  '$defs',
  'definitions',
  'anyOf',
  'oneOf',
  'allOf',
  'items',
  'prefixItems',
  'properties',
  'required',
  'additionalProperties',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'examples',
]);

interface OpenApiState {
  readonly root: JsonSchema;
  readonly collector: WarningCollector;
  /** References being inlined, with how deep each is expanded, to bound recursion. */
  readonly inlining: Map<string, number>;
}

const upper = (type: string): string => type.toUpperCase();

function enumValues(
  node: JsonSchema,
  out: MutableJsonSchema,
  values: readonly unknown[],
  path: string,
  state: OpenApiState,
): boolean {
  const present = values.filter((value) => value !== null);
  const strings = present.every((value) => typeof value === 'string');
  const numbers = present.every((value) => typeof value === 'number');
  if (present.length > 0 && !strings && !numbers) {
    state.collector.unsupported(path, 'enum', ' (only string and number values can be listed)');
    return false;
  }
  if (present.length > 0) {
    out['enum'] = present.map(String);
    if (!('format' in node)) out['format'] = 'enum';
  }
  return values.includes(null);
}

/** A union branch that only says "or null" (annotations aside): declared as `nullable`. */
function isNullBranch(branch: unknown): boolean {
  return (
    isJsonObject(branch) &&
    branch['type'] === 'null' &&
    Object.keys(branch).every((key) => key === 'type' || key === 'description' || key === 'title')
  );
}

function convertUnion(
  branches: readonly unknown[],
  key: string,
  path: string,
  state: OpenApiState,
): { branches: MutableJsonSchema[]; nullable: boolean } {
  let nullable = false;
  const converted: MutableJsonSchema[] = [];
  for (const [index, branch] of branches.entries()) {
    if (isNullBranch(branch)) nullable = true;
    else {
      const node = openApiNode(branch, pointer(pointer(path, key), index), state);
      if (node !== undefined) converted.push(node);
    }
  }
  if (key === 'oneOf') state.collector.relaxed(path, key, 'anyOf (exclusivity is not enforced by the model)');
  return { branches: converted, nullable };
}

function convertChildren(node: JsonSchema, out: MutableJsonSchema, path: string, state: OpenApiState): void {
  const properties = node['properties'];
  if (isJsonObject(properties)) {
    const converted: MutableJsonSchema = {};
    const base = pointer(path, 'properties');
    for (const name of Object.keys(properties)) {
      const at = pointer(base, name);
      if (!PROPERTY_NAME.test(name)) {
        state.collector.add(
          'INVALID_PROPERTY_NAME',
          at,
          undefined,
          `Property name "${name}" does not fit Gemini's parameter name rules; it is left out of ` +
            '`parameters` (`parametersJsonSchema` can declare it).',
        );
        continue;
      }
      const child = openApiNode(properties[name], at, state);
      if (child !== undefined) converted[name] = child;
    }
    if (Object.keys(converted).length > 0) out['properties'] = converted;
  }
  if (Array.isArray(node['required'])) {
    const declared = isJsonObject(out['properties']) ? out['properties'] : {};
    const required = node['required'].filter((name) => typeof name === 'string' && name in declared);
    if (required.length > 0) out['required'] = required;
  }
  const extra = node['additionalProperties'];
  if (extra === false || (isJsonObject(extra) && Object.keys(extra).length > 0)) {
    state.collector.unsupported(path, 'additionalProperties');
  }
  const prefix = node['prefixItems'];
  if (Array.isArray(prefix)) {
    const all = isJsonObject(node['items']) ? [...prefix, node['items']] : prefix;
    const unique = [...new Map(all.map((item) => [JSON.stringify(item), item])).values()];
    const items = openApiNode(
      unique.length === 1 ? unique[0] : { anyOf: unique },
      pointer(path, 'prefixItems'),
      state,
    );
    if (items !== undefined) out['items'] = items;
    state.collector.relaxed(
      pointer(path, 'prefixItems'),
      'prefixItems',
      'items of any of the positional types',
    );
  } else if (isJsonObject(node['items'])) {
    const items = openApiNode(node['items'], pointer(path, 'items'), state);
    if (items !== undefined) out['items'] = items;
  }
}

/** How many times one recursive reference is expanded inline before the recursion is cut. */
const RECURSION_DEPTH = 3;

function inlineRef(
  node: JsonSchema,
  ref: string,
  path: string,
  state: OpenApiState,
): MutableJsonSchema | undefined {
  const target = resolveLocalRef(state.root, ref);
  const depth = state.inlining.get(ref) ?? 0;
  if (target === undefined || depth >= RECURSION_DEPTH) {
    state.collector.unsupported(
      path,
      '$ref',
      target === undefined
        ? ' (unresolvable reference)'
        : ` (recursive reference, expanded ${RECURSION_DEPTH} levels deep and cut there)`,
    );
    return undefined;
  }
  state.inlining.set(ref, depth + 1);
  // Siblings of a reference (usually a description) apply to the same value: merge them in.
  const { $ref: _ref, ...siblings } = node;
  const merged = openApiNode({ ...target, ...siblings }, path, state);
  if (depth === 0) state.inlining.delete(ref);
  else state.inlining.set(ref, depth);
  return merged;
}

/**
 * Converts one JSON Schema node to Gemini's OpenAPI Schema subset; `undefined` when the subset cannot
 * declare it (a value of any type, an object without properties, an array without declarable items),
 * and then the parent leaves it out (reported).
 */
function openApiNode(node: unknown, path: string, state: OpenApiState): MutableJsonSchema | undefined {
  if (node === true || (isJsonObject(node) && isUnconstrained(node))) {
    state.collector.unsupported(path, 'type', ' (a value of any type cannot be declared; it is left out)');
    return undefined;
  }
  if (!isJsonObject(node)) {
    state.collector.unsupported(path, 'not', ' (a schema that accepts nothing cannot be declared)');
    return undefined;
  }
  if (Array.isArray(node['allOf']) && node['allOf'].length > 0) {
    const { merged, rest } = mergeAllOf(node, state.root);
    if (rest.length > 0) state.collector.unsupported(path, 'allOf', ' (branches that cannot be merged)');
    return openApiNode(merged, path, state);
  }
  if (typeof node['$ref'] === 'string') return inlineRef(node, node['$ref'], path, state);
  const out: MutableJsonSchema = {};
  const types = typesOf(node);
  let nullable = types?.includes('null') === true;
  const named = types?.filter((type) => type !== 'null') ?? [];
  if (named.length === 1) out['type'] = upper(named[0] as string);
  else if (named.length > 1) out['anyOf'] = named.map((type) => ({ type: upper(type) }));
  else if (nullable) out['type'] = 'NULL';
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (COPIED.has(key)) out[key] = cloneJson(value);
    else if (COUNTS.has(key)) out[key] = String(value);
    else if (key === 'enum' && Array.isArray(value))
      nullable = enumValues(node, out, value, path, state) || nullable;
    else if (key === 'const') nullable = enumValues(node, out, [value], path, state) || nullable;
    else if (key === 'examples' && Array.isArray(value) && !('example' in node))
      out['example'] = cloneJson(value[0]);
    else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      const union = convertUnion(value, key, path, state);
      nullable ||= union.nullable;
      if (union.branches.length === 1 && !('type' in out)) Object.assign(out, union.branches[0]);
      else if (union.branches.length > 0)
        out['anyOf'] = [...((out['anyOf'] as unknown[]) ?? []), ...union.branches];
    } else if (!HANDLED.has(key) && !ANNOTATION_KEYWORDS.has(key) && !isVacuousKeyword(key, value)) {
      state.collector.unsupported(path, key);
    }
  }
  exclusiveBounds(node, out, path, state.collector);
  convertChildren(node, out, path, state);
  if (!('type' in out) && !('anyOf' in out) && Array.isArray(out['enum'])) {
    // An enum or const without a type: the type of its values (strings, or numbers written as strings).
    const values = [
      ...((node['enum'] as unknown[] | undefined) ?? []),
      ...('const' in node ? [node['const']] : []),
    ];
    const present = values.filter((value) => value !== null);
    if (present.every((value) => typeof value === 'string')) out['type'] = 'STRING';
    else if (present.every((value) => Number.isInteger(value))) out['type'] = 'INTEGER';
    else if (present.every((value) => typeof value === 'number')) out['type'] = 'NUMBER';
  }
  if (out['type'] === 'OBJECT' && !isJsonObject(out['properties'])) {
    state.collector.unsupported(path, 'properties', ' (an object without declared properties is left out)');
    return undefined;
  }
  if (out['type'] === 'ARRAY' && !isJsonObject(out['items'])) {
    state.collector.unsupported(path, 'items', ' (an array without declarable items is left out)');
    return undefined;
  }
  if (!('type' in out) && !('anyOf' in out) && !('enum' in out)) {
    state.collector.unsupported(path, 'type', ' (a value of any type cannot be declared; it is left out)');
    return undefined;
  }
  if ('anyOf' in out && 'type' in out) {
    state.collector.relaxed(path, 'type', `anyOf branches without the shared type ${String(out['type'])}`);
    delete out['type'];
  }
  if (nullable && out['type'] !== 'NULL') out['nullable'] = true;
  return out;
}

/**
 * Converts a tool's input JSON Schema to the OpenAPI 3.0 Schema subset of Gemini's
 * `FunctionDeclaration.parameters`: upper-case types, `nullable`, enums as strings (`format: 'enum'`),
 * counts as strings, local references inlined (recursion expanded a few levels, then cut), `allOf`
 * merged, `const` as a one-value enum. What the subset cannot say (`additionalProperties`, recursion,
 * `multipleOf`, values of any type, objects without properties, ...) is left out and reported to the
 * collector. `undefined` when nothing is left to declare (Gemini refuses an OBJECT without properties:
 * such a tool is declared without `parameters`).
 */
export function toOpenApiSchema(
  schema: JsonSchema,
  collector: WarningCollector,
): MutableJsonSchema | undefined {
  const properties = schema['properties'];
  if (!isJsonObject(properties) || Object.keys(properties).length === 0) {
    // Gemini refuses an OBJECT without properties: a tool without parameters declares none.
    if (schema['additionalProperties'] !== undefined && schema['additionalProperties'] !== false)
      collector.unsupported('', 'additionalProperties');
    return undefined;
  }
  const out = openApiNode({ ...schema, type: 'object' }, '', {
    root: schema,
    collector,
    inlining: new Map(),
  });
  return out === undefined ? undefined : { ...out, type: 'OBJECT' };
}
