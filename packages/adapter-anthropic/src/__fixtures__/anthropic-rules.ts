/**
 * Anthropic's published rules for custom tools of the Messages API, written out independently of the
 * converter: the name matches ^[a-zA-Z0-9_-]{1,64}$; `input_schema` is a JSON Schema (draft 2020-12)
 * object with `type: "object"` and no `oneOf`, `allOf` or `anyOf` at the top level; valid under the
 * 2020-12 meta-schema, every reference resolving.
 */
import { metaSchemaProblems } from '@armorer/adapter-fixtures/meta-schema';

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const NOT_JSON_SCHEMA = ['optional', 'nullable', 'propertyOrdering'];

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function walk(node: Node, path: string, problems: string[]): void {
  const type = node['type'];
  for (const entry of Array.isArray(type) ? type : type === undefined ? [] : [type]) {
    if (!JSON_TYPES.has(entry as string))
      problems.push(`${path}: type ${JSON.stringify(entry)} is not a JSON Schema type`);
  }
  for (const key of NOT_JSON_SCHEMA) if (key in node) problems.push(`${path}: "${key}" is not JSON Schema`);
  if (node['required'] !== undefined && !Array.isArray(node['required']))
    problems.push(`${path}: required is not an array`);
  for (const key of ['properties', '$defs', 'patternProperties']) {
    if (isNode(node[key]))
      for (const [name, child] of Object.entries(node[key]))
        if (isNode(child)) walk(child, `${path}/${key}/${name}`, problems);
  }
  for (const key of ['items', 'additionalProperties', 'not'])
    if (isNode(node[key])) walk(node[key], `${path}/${key}`, problems);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    if (Array.isArray(node[key]))
      for (const [index, child] of node[key].entries())
        if (isNode(child)) walk(child, `${path}/${key}/${index}`, problems);
  }
}

/** Every way a declaration breaks Anthropic's rules (empty when it obeys them). */
export function anthropicToolProblems(tool: unknown): string[] {
  if (!isNode(tool)) return ['not an object'];
  const problems: string[] = [];
  if (typeof tool['name'] !== 'string' || !NAME.test(tool['name']))
    problems.push(`name ${JSON.stringify(tool['name'])}`);
  if (tool['description'] !== undefined && typeof tool['description'] !== 'string')
    problems.push('description');
  const schema = tool['input_schema'];
  if (!isNode(schema) || schema['type'] !== 'object')
    return [...problems, 'input_schema is not an object schema'];
  for (const key of ['oneOf', 'allOf', 'anyOf']) if (key in schema) problems.push(`top-level ${key}`);
  problems.push(...metaSchemaProblems(schema, ['2020-12']));
  walk(schema, '', problems);
  return problems;
}

/**
 * Anthropic's published limits of strict tool use (structured outputs), written out independently of the
 * converter: only these keywords (enums and consts of primitives; the string formats listed; `minItems` of
 * 0 or 1); every object with `additionalProperties: false`; no recursive schema.
 */
const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'allOf',
  '$ref',
  '$defs',
  'definitions',
  'description',
  'title',
  'format',
  'minItems',
]);
const STRICT_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);

function strictWalk(node: Node, path: string, problems: string[], refs: Set<string>): void {
  for (const key of Object.keys(node))
    if (!STRICT_KEYWORDS.has(key)) problems.push(`${path}: "${key}" in strict mode`);
  const isObject = node['type'] === 'object' || 'properties' in node;
  if (isObject && node['additionalProperties'] !== false) problems.push(`${path}: object not closed`);
  if (
    'enum' in node &&
    !(
      Array.isArray(node['enum']) &&
      node['enum'].every((value) => value === null || typeof value !== 'object')
    )
  )
    problems.push(`${path}: enum of non-primitive values`);
  if ('const' in node && typeof node['const'] === 'object' && node['const'] !== null)
    problems.push(`${path}: const object`);
  if ('format' in node && !STRICT_FORMATS.has(node['format'] as string))
    problems.push(`${path}: format ${String(node['format'])}`);
  if ('minItems' in node && node['minItems'] !== 0 && node['minItems'] !== 1)
    problems.push(`${path}: minItems`);
  if (typeof node['$ref'] === 'string') refs.add(node['$ref']);
  for (const key of ['properties', '$defs', 'definitions']) {
    if (isNode(node[key]))
      for (const [name, child] of Object.entries(node[key]))
        if (isNode(child)) strictWalk(child, `${path}/${key}/${name}`, problems, refs);
  }
  if (isNode(node['items'])) strictWalk(node['items'], `${path}/items`, problems, refs);
  for (const key of ['anyOf', 'allOf']) {
    if (Array.isArray(node[key]))
      for (const [index, child] of node[key].entries())
        if (isNode(child)) strictWalk(child, `${path}/${key}/${index}`, problems, refs);
  }
}

/** Every way a strict declaration breaks Anthropic's limits of strict tool use (empty when it obeys them). */
export function anthropicStrictProblems(tool: unknown): string[] {
  const problems = anthropicToolProblems(tool);
  if (!isNode(tool) || tool['strict'] !== true) return [...problems, 'not declared strict'];
  const schema = tool['input_schema'] as Node;
  const refs = new Set<string>();
  strictWalk(schema, '', problems, refs);
  if (refs.has('#')) problems.push('recursive: refers to the root');
  const defs = isNode(schema['$defs']) ? schema['$defs'] : {};
  // A definition that reaches itself through references is recursive.
  const reach = (name: string, seen: Set<string>): boolean => {
    const inner = new Set<string>();
    strictWalk(defs[name] as Node, '', [], inner);
    for (const ref of inner) {
      const next = ref.replace('#/$defs/', '');
      if (seen.has(next)) return true;
      if (next in defs && reach(next, new Set([...seen, next]))) return true;
    }
    return false;
  };
  for (const name of Object.keys(defs))
    if (reach(name, new Set([name]))) problems.push(`recursive: $defs/${name}`);
  return problems;
}
