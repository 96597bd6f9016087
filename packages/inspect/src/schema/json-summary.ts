import type { SchemaFieldSummary, SchemaSummary } from '../inspection/schemas';

type Json = Readonly<Record<string, unknown>>;

const MAX_DEPTH = 6;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A readable type of a JSON Schema node, in the words `typeName` uses for Zod schemas. */
function jsonTypeName(node: unknown, depth: number): string {
  if (!isObject(node) || depth >= MAX_DEPTH) return 'unknown';
  if (Array.isArray(node['enum'])) return node['enum'].map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in node) return JSON.stringify(node['const']);
  const branches = node['anyOf'] ?? node['oneOf'];
  if (Array.isArray(branches)) {
    const names = branches.filter((branch) => !(isObject(branch) && branch['type'] === 'null'));
    return names.map((branch) => jsonTypeName(branch, depth + 1)).join(' | ') || 'null';
  }
  const type = node['type'];
  if (Array.isArray(type)) return type.filter((name) => name !== 'null').join(' | ') || 'null';
  if (type === 'array') return `array<${jsonTypeName(node['items'], depth + 1)}>`;
  if (type === 'integer') return 'number';
  return typeof type === 'string' ? type : 'unknown';
}

function isNullable(node: unknown): boolean {
  if (!isObject(node)) return false;
  const type = node['type'];
  if (Array.isArray(type)) return type.includes('null');
  const branches = node['anyOf'] ?? node['oneOf'];
  return Array.isArray(branches) && branches.some((branch) => isObject(branch) && branch['type'] === 'null');
}

/**
 * Summarizes an input from its JSON Schema: what `extractSchemaSummary` gives for a tool whose input is a
 * Standard Schema validator (Valibot, ArkType, ...), which has no Zod shape to read.
 */
export function summarizeJsonSchema(json: Json, withShape: boolean): SchemaSummary {
  const properties = isObject(json['properties']) ? json['properties'] : {};
  const keys = Object.keys(properties);
  const listed = Array.isArray(json['required']) ? json['required'] : [];
  const required = keys.filter((key) => listed.includes(key));
  if (!withShape) return { keys, required };
  const shape: Record<string, SchemaFieldSummary> = {};
  for (const key of keys) {
    const node = properties[key];
    const description = isObject(node) ? node['description'] : undefined;
    shape[key] = {
      type: jsonTypeName(node, 0),
      optional: !required.includes(key),
      nullable: isNullable(node),
      ...(typeof description === 'string' ? { description } : {}),
    };
  }
  return { keys, required, shape };
}
