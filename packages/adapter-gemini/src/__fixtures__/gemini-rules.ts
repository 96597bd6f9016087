/**
 * Gemini's published rules for function declarations, written out independently of the converter:
 * - name: starts with a letter or underscore; a-z, A-Z, 0-9, underscores, dots, colons, dashes; <= 128;
 * - at most one of `parameters` and `parametersJsonSchema`;
 * - `parameters`: the fields of the SDK's `Schema` only, `type` from its `Type` enum, never `type` and
 *   `anyOf` together, enums of strings, counts as int64 strings, parameter names a letter or underscore
 *   then letters, digits or underscores (<= 64), `type: OBJECT` at the top; every schema typed (or a
 *   union), every OBJECT with non-empty `properties`, every ARRAY with `items`;
 * - `parametersJsonSchema`: only the JSON Schema keywords Gemini supports, enums of strings and numbers,
 *   nothing but `$`-keywords beside `$ref`, `type: object` at the top, valid under the 2020-12
 *   meta-schema with every reference resolving.
 */
import { metaSchemaProblems } from '@armorer/adapter-fixtures/meta-schema';

const NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$/;
const PROPERTY_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/;
const SCHEMA_FIELDS = new Set([
  'anyOf',
  'default',
  'description',
  'enum',
  'example',
  'format',
  'items',
  'maxItems',
  'maxLength',
  'maxProperties',
  'maximum',
  'minItems',
  'minLength',
  'minProperties',
  'minimum',
  'nullable',
  'pattern',
  'properties',
  'propertyOrdering',
  'required',
  'title',
  'type',
]);
const TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);
const COUNTS = ['maxItems', 'maxLength', 'maxProperties', 'minItems', 'minLength', 'minProperties'];
const JSON_KEYWORDS = new Set([
  '$id',
  '$defs',
  '$ref',
  '$anchor',
  'type',
  'format',
  'title',
  'description',
  'enum',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
  'oneOf',
  'properties',
  'additionalProperties',
  'required',
  'propertyOrdering',
]);
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function openApiProblems(node: Node, path: string, problems: string[]): void {
  for (const key of Object.keys(node))
    if (!SCHEMA_FIELDS.has(key)) problems.push(`${path}: "${key}" is not a Schema field`);
  if ('type' in node && !TYPES.has(node['type'] as string))
    problems.push(`${path}: type ${JSON.stringify(node['type'])}`);
  if ('type' in node && 'anyOf' in node) problems.push(`${path}: type and anyOf together`);
  if (!('type' in node) && !('anyOf' in node)) problems.push(`${path}: no type`);
  if (
    node['type'] === 'OBJECT' &&
    !(isNode(node['properties']) && Object.keys(node['properties']).length > 0)
  )
    problems.push(`${path}: properties should be non-empty for OBJECT type`);
  if (node['type'] === 'ARRAY' && !isNode(node['items'])) problems.push(`${path}: ARRAY without items`);
  if (
    'enum' in node &&
    !(Array.isArray(node['enum']) && node['enum'].every((value) => typeof value === 'string'))
  ) {
    problems.push(`${path}: enum values must be strings`);
  }
  for (const key of COUNTS) {
    const value = node[key];
    if (key in node && (typeof value !== 'string' || !/^\d+$/.test(value)))
      problems.push(`${path}: ${key} must be an int64 string`);
  }
  if (isNode(node['properties'])) {
    for (const [name, child] of Object.entries(node['properties'])) {
      if (!PROPERTY_NAME.test(name)) problems.push(`${path}: parameter name ${JSON.stringify(name)}`);
      if (isNode(child)) openApiProblems(child, `${path}/properties/${name}`, problems);
      else problems.push(`${path}/properties/${name}: not a schema`);
    }
  }
  if (isNode(node['items'])) openApiProblems(node['items'], `${path}/items`, problems);
  if (Array.isArray(node['anyOf']))
    for (const [index, child] of node['anyOf'].entries())
      if (isNode(child)) openApiProblems(child, `${path}/anyOf/${index}`, problems);
}

function jsonSchemaProblems(node: Node, path: string, problems: string[]): void {
  for (const key of Object.keys(node))
    if (!JSON_KEYWORDS.has(key)) problems.push(`${path}: "${key}" is not supported`);
  const type = node['type'];
  for (const entry of Array.isArray(type) ? type : type === undefined ? [] : [type]) {
    if (!JSON_TYPES.has(entry as string)) problems.push(`${path}: type ${JSON.stringify(entry)}`);
  }
  if (
    'enum' in node &&
    !(
      Array.isArray(node['enum']) &&
      node['enum'].every((value) => typeof value === 'string' || typeof value === 'number')
    )
  ) {
    problems.push(`${path}: enum values must be strings or numbers`);
  }
  if ('$ref' in node && Object.keys(node).some((key) => !key.startsWith('$')))
    problems.push(`${path}: $ref with siblings`);
  for (const key of ['properties', '$defs']) {
    if (isNode(node[key]))
      for (const [name, child] of Object.entries(node[key]))
        if (isNode(child)) jsonSchemaProblems(child, `${path}/${key}/${name}`, problems);
  }
  for (const key of ['items', 'additionalProperties'])
    if (isNode(node[key])) jsonSchemaProblems(node[key], `${path}/${key}`, problems);
  for (const key of ['anyOf', 'oneOf', 'prefixItems']) {
    if (Array.isArray(node[key]))
      for (const [index, child] of node[key].entries())
        if (isNode(child)) jsonSchemaProblems(child, `${path}/${key}/${index}`, problems);
  }
}

/**
 * What Gemini refuses in a full JSON Schema (it accepts every keyword there, following the ones it
 * documents): a `$ref` with other keywords than `$`-keywords beside it.
 */
function fullJsonSchemaProblems(node: Node, path: string, problems: string[]): void {
  if ('$ref' in node && Object.keys(node).some((key) => !key.startsWith('$')))
    problems.push(`${path}: $ref with siblings`);
  for (const [key, value] of Object.entries(node)) {
    if (isNode(value)) {
      if (['properties', '$defs', 'patternProperties', 'dependentSchemas'].includes(key)) {
        for (const [name, child] of Object.entries(value))
          if (isNode(child)) fullJsonSchemaProblems(child, `${path}/${key}/${name}`, problems);
      } else if (key !== 'default' && key !== 'const' && key !== 'examples') {
        fullJsonSchemaProblems(value, `${path}/${key}`, problems);
      }
    } else if (Array.isArray(value) && ['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key)) {
      for (const [index, child] of value.entries())
        if (isNode(child)) fullJsonSchemaProblems(child, `${path}/${key}/${index}`, problems);
    }
  }
}

/** Every way a declaration breaks Gemini's rules (empty when it obeys them). */
export function geminiDeclarationProblems(declaration: unknown): string[] {
  return declarationProblems(declaration, false);
}

/**
 * {@link geminiDeclarationProblems} for a declaration whose `parametersJsonSchema` holds the full JSON Schema
 * (Gemini accepts any keyword there).
 */
export function geminiFullSchemaProblems(declaration: unknown): string[] {
  return declarationProblems(declaration, true);
}

function declarationProblems(declaration: unknown, full: boolean): string[] {
  if (!isNode(declaration)) return ['not an object'];
  const problems: string[] = [];
  if (typeof declaration['name'] !== 'string' || !NAME.test(declaration['name']))
    problems.push(`name ${JSON.stringify(declaration['name'])}`);
  const parameters = declaration['parameters'];
  const json = declaration['parametersJsonSchema'];
  if (parameters !== undefined && json !== undefined)
    return [...problems, 'sets both parameters and parametersJsonSchema'];
  if (parameters === undefined && json === undefined) return problems;
  if (isNode(parameters)) {
    if (parameters['type'] !== 'OBJECT') problems.push('parameters are not an OBJECT schema');
    openApiProblems(parameters, '', problems);
  } else if (isNode(json)) {
    if (json['type'] !== 'object') problems.push('parametersJsonSchema is not an object schema');
    problems.push(...metaSchemaProblems(json, ['2020-12']));
    if (full) fullJsonSchemaProblems(json, '', problems);
    else jsonSchemaProblems(json, '', problems);
  } else problems.push('the parameter schema is not an object');
  return problems;
}
