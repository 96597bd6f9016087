/**
 * OpenAI's published rules for Chat Completions function tools, written out independently of the
 * converter so tests can check its output against them:
 * - name: a-z, A-Z, 0-9, underscores and dashes, at most 64 characters;
 * - parameters: an object schema, without anyOf/oneOf/allOf/enum/const/not at the top level;
 * - strict (Structured Outputs): only the supported keywords; every object closed with
 *   `additionalProperties: false` and every property required; string formats from the supported list;
 *   every schema typed; `$ref` on its own; no `default`; at most 5000 properties, 10 levels of objects,
 *   1000 enum values;
 * - the parameters are valid JSON Schema (draft-07 and 2020-12 meta-schemas, every reference resolves)
 *   and the root object lists its `properties`.
 */
import { metaSchemaProblems } from '@armorer/adapter-fixtures/meta-schema';

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const TOP_LEVEL_FORBIDDEN = ['anyOf', 'oneOf', 'allOf', 'enum', 'const', 'not'];
const STRICT_KEYWORDS = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'pattern',
  'format',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'maxItems',
]);
const STRICT_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
const NOT_JSON_SCHEMA = ['optional', 'nullable', 'propertyOrdering'];

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function children(node: Node): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const key of ['properties', '$defs', 'definitions']) {
    if (isNode(node[key]))
      for (const [name, child] of Object.entries(node[key])) out.push([`${key}/${name}`, child]);
  }
  for (const key of ['items', 'additionalProperties', 'not'])
    if (isNode(node[key])) out.push([key, node[key]]);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    if (Array.isArray(node[key]))
      for (const [index, child] of node[key].entries()) out.push([`${key}/${index}`, child]);
  }
  return out;
}

function checkTypes(node: Node, path: string, problems: string[]): void {
  const type = node['type'];
  for (const entry of Array.isArray(type) ? type : type === undefined ? [] : [type]) {
    if (!JSON_TYPES.has(entry as string))
      problems.push(`${path}: type ${JSON.stringify(entry)} is not a JSON Schema type`);
  }
  for (const key of NOT_JSON_SCHEMA) if (key in node) problems.push(`${path}: "${key}" is not JSON Schema`);
}

interface StrictCounts {
  properties: number;
  enums: number;
}

function checkStrict(
  node: Node,
  path: string,
  depth: number,
  counts: StrictCounts,
  problems: string[],
): void {
  for (const key of Object.keys(node))
    if (!STRICT_KEYWORDS.has(key)) problems.push(`${path}: "${key}" is not supported in strict mode`);
  if (!('type' in node || 'anyOf' in node || '$ref' in node || 'enum' in node || 'const' in node)) {
    problems.push(`${path}: untyped schema`);
  }
  if ('$ref' in node && Object.keys(node).length > 1) problems.push(`${path}: $ref with siblings`);
  if (typeof node['format'] === 'string' && !STRICT_FORMATS.has(node['format']))
    problems.push(`${path}: format ${node['format']}`);
  if (Array.isArray(node['enum'])) counts.enums += node['enum'].length;
  const types = Array.isArray(node['type']) ? node['type'] : [node['type']];
  if (types.includes('object')) {
    if (depth > 10) problems.push(`${path}: objects nested deeper than 10 levels`);
    if (node['additionalProperties'] !== false) problems.push(`${path}: object not closed`);
    const names = Object.keys(isNode(node['properties']) ? node['properties'] : {});
    counts.properties += names.length;
    const required = Array.isArray(node['required']) ? node['required'] : [];
    if (names.length !== required.length || names.some((name) => !required.includes(name))) {
      problems.push(`${path}: not every property is required`);
    }
  }
  if (types.includes('array') && !isNode(node['items'])) problems.push(`${path}: array without items`);
  for (const [key, child] of children(node)) {
    if (isNode(child))
      checkStrict(child, `${path}/${key}`, types.includes('object') ? depth + 1 : depth, counts, problems);
    else problems.push(`${path}/${key}: boolean schema`);
  }
}

function walk(node: Node, path: string, problems: string[]): void {
  checkTypes(node, path, problems);
  for (const [key, child] of children(node)) if (isNode(child)) walk(child, `${path}/${key}`, problems);
}

/** Every way a declaration breaks OpenAI's rules (empty when it obeys them). */
export function openAIToolProblems(tool: unknown): string[] {
  const problems: string[] = [];
  if (!isNode(tool) || tool['type'] !== 'function' || !isNode(tool['function']))
    return ['not a function tool'];
  const fn = tool['function'];
  if (typeof fn['name'] !== 'string' || !NAME.test(fn['name']))
    problems.push(`name ${JSON.stringify(fn['name'])}`);
  if (typeof fn['description'] !== 'string') problems.push('description is not a string');
  const parameters = fn['parameters'];
  if (!isNode(parameters) || parameters['type'] !== 'object')
    return [...problems, 'parameters are not an object schema'];
  for (const key of TOP_LEVEL_FORBIDDEN) if (key in parameters) problems.push(`top-level ${key}`);
  if (!isNode(parameters['properties'])) problems.push('object schema missing properties');
  problems.push(...metaSchemaProblems(parameters));
  walk(parameters, '', problems);
  if (fn['strict'] === true) {
    const counts = { properties: 0, enums: 0 };
    checkStrict(parameters, '', 1, counts, problems);
    if (counts.properties > 5000) problems.push('more than 5000 properties');
    if (counts.enums > 1000) problems.push('more than 1000 enum values');
  } else if (fn['strict'] !== false) problems.push('strict is not a boolean');
  return problems;
}
