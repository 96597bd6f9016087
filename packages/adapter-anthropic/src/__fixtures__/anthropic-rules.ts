/**
 * Anthropic's published rules for custom tools of the Messages API, written out independently of the
 * converter: the name matches ^[a-zA-Z0-9_-]{1,64}$; `input_schema` is a JSON Schema (draft 2020-12)
 * object with `type: "object"` and no `oneOf`, `allOf` or `anyOf` at the top level; valid under the
 * 2020-12 meta-schema, every reference resolving.
 */
import { metaSchemaProblems } from '../../../adapter-shared/src/__fixtures__/meta-schema';

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
