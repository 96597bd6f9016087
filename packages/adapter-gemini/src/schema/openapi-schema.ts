import {
  ANNOTATION_KEYWORDS,
  cloneJson,
  isJsonObject,
  isUnconstrained,
  isVacuousKeyword,
  type JsonSchema,
  type MutableJsonSchema,
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
  /** References being inlined, to stop at recursion. */
  readonly inlining: Set<string>;
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

function convertUnion(
  branches: readonly unknown[],
  key: string,
  path: string,
  state: OpenApiState,
): { branches: MutableJsonSchema[]; nullable: boolean } {
  let nullable = false;
  const converted: MutableJsonSchema[] = [];
  for (const [index, branch] of branches.entries()) {
    if (isJsonObject(branch) && branch['type'] === 'null' && Object.keys(branch).length === 1)
      nullable = true;
    else converted.push(openApiNode(branch, pointer(pointer(path, key), index), state));
  }
  if (key === 'oneOf') state.collector.relaxed(path, key, 'anyOf (exclusivity is not enforced by the model)');
  return { branches: converted, nullable };
}

function convertChildren(node: JsonSchema, out: MutableJsonSchema, path: string, state: OpenApiState): void {
  const properties = node['properties'];
  if (isJsonObject(properties)) {
    const converted: MutableJsonSchema = {};
    for (const name of Object.keys(properties)) {
      const at = pointer(pointer(path, 'properties'), name);
      if (!PROPERTY_NAME.test(name)) {
        state.collector.add(
          'INVALID_PROPERTY_NAME',
          at,
          undefined,
          `Property name "${name}" does not fit Gemini's parameter name rules.`,
        );
      }
      converted[name] = openApiNode(properties[name], at, state);
    }
    out['properties'] = converted;
  }
  if (Array.isArray(node['required']))
    out['required'] = node['required'].filter((name) => typeof name === 'string');
  const extra = node['additionalProperties'];
  if (extra === false || (isJsonObject(extra) && Object.keys(extra).length > 0)) {
    state.collector.unsupported(path, 'additionalProperties');
  }
  const prefix = node['prefixItems'];
  if (Array.isArray(prefix)) {
    const items = prefix.map((item, index) =>
      openApiNode(item, pointer(pointer(path, 'prefixItems'), index), state),
    );
    if (isJsonObject(node['items'])) items.push(openApiNode(node['items'], pointer(path, 'items'), state));
    const unique = [...new Map(items.map((item) => [JSON.stringify(item), item])).values()];
    out['items'] = unique.length === 1 ? unique[0] : { anyOf: unique };
    state.collector.relaxed(
      pointer(path, 'prefixItems'),
      'prefixItems',
      'items of any of the positional types',
    );
  } else if (isJsonObject(node['items'])) {
    out['items'] = openApiNode(node['items'], pointer(path, 'items'), state);
  }
}

function inlineRef(node: JsonSchema, ref: string, path: string, state: OpenApiState): MutableJsonSchema {
  const target = resolveLocalRef(state.root, ref);
  if (target === undefined || state.inlining.has(ref)) {
    state.collector.unsupported(
      path,
      '$ref',
      target === undefined ? ' (unresolvable reference)' : ' (recursive reference)',
    );
    return {};
  }
  state.inlining.add(ref);
  // Siblings of a reference (usually a description) apply to the same value: merge them in.
  const { $ref: _ref, ...siblings } = node;
  const merged = openApiNode({ ...target, ...siblings }, path, state);
  state.inlining.delete(ref);
  return merged;
}

/** Converts one JSON Schema node to Gemini's OpenAPI Schema subset. */
function openApiNode(node: unknown, path: string, state: OpenApiState): MutableJsonSchema {
  if (node === true || (isJsonObject(node) && isUnconstrained(node))) {
    state.collector.unsupported(path, 'type', ' (a value of any type cannot be declared)');
    return {};
  }
  if (!isJsonObject(node)) {
    state.collector.unsupported(path, 'not', ' (a schema that accepts nothing cannot be declared)');
    return {};
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
    } else if (key === 'allOf' && Array.isArray(value) && value.length === 1) {
      Object.assign(out, openApiNode(value[0], pointer(pointer(path, key), 0), state));
    } else if (!HANDLED.has(key) && !ANNOTATION_KEYWORDS.has(key) && !isVacuousKeyword(key, value)) {
      state.collector.unsupported(path, key);
    } else if (key === 'allOf') state.collector.unsupported(path, key);
  }
  exclusiveBounds(node, out, path, state.collector);
  convertChildren(node, out, path, state);
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
 * counts as strings, local references inlined, `const` as a one-value enum. What the subset cannot say
 * (`additionalProperties`, recursion, `multipleOf`, ...) is reported to the collector.
 */
export function toOpenApiSchema(schema: JsonSchema, collector: WarningCollector): MutableJsonSchema {
  const out = openApiNode(schema, '', { root: schema, collector, inlining: new Set() });
  return { ...out, type: 'OBJECT' };
}
