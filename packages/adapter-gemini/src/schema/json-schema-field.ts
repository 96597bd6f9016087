import {
  type CopyRules,
  copySchema,
  isJsonObject,
  type JsonSchema,
  type MutableJsonSchema,
  type WarningCollector,
} from '@armorer/adapter-shared';
import { exclusiveBounds } from './bounds';

/** The JSON Schema keywords Gemini documents as supported (plus the non-standard `propertyOrdering`). */
const SUPPORTED = new Set([
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
/** Rewritten into supported keywords by `rewrite`. */
const REWRITTEN = new Set(['const', 'definitions', 'exclusiveMinimum', 'exclusiveMaximum']);
/** Annotations without validation meaning, left out quietly. */
const QUIET = new Set([
  '$schema',
  '$comment',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

function rewriteNode(
  copy: MutableJsonSchema,
  source: JsonSchema,
  path: string,
  collector: WarningCollector,
): MutableJsonSchema {
  let out = copy;
  if ('oneOf' in out) {
    const { oneOf, ...rest } = out;
    out = { ...rest, anyOf: [...((rest['anyOf'] as unknown[]) ?? []), ...(oneOf as unknown[])] };
    collector.relaxed(path, 'oneOf', 'anyOf (exclusivity is not enforced by the model)');
  }
  if ('const' in out) {
    const { const: value, ...rest } = out;
    out = value === null ? { ...rest, type: 'null' } : { ...rest, enum: [value] };
  }
  if ('definitions' in out) {
    const { definitions, ...rest } = out;
    out = {
      ...rest,
      $defs: { ...(definitions as MutableJsonSchema), ...((rest['$defs'] as MutableJsonSchema) ?? {}) },
    };
  }
  if (typeof out['$ref'] === 'string' && out['$ref'].startsWith('#/definitions/')) {
    out['$ref'] = `#/$defs/${out['$ref'].slice('#/definitions/'.length)}`;
  }
  if ('exclusiveMinimum' in out || 'exclusiveMaximum' in out) {
    const { exclusiveMinimum: _min, exclusiveMaximum: _max, ...rest } = out;
    out = rest;
    exclusiveBounds(source, out, path, collector);
  }
  if (out['items'] === false) {
    delete out['items'];
    if (!('maxItems' in out)) collector.unsupported(path, 'items', ' (false: no further items)');
  }
  out = enumRules(out, path, collector);
  if (typeof out['$ref'] === 'string' && Object.keys(out).some((key) => !key.startsWith('$'))) {
    // Gemini allows only `$`-keywords beside `$ref`: the reference moves into a one-branch union.
    const { $ref, $defs, ...rest } = out;
    out = $defs === undefined ? { anyOf: [{ $ref }], ...rest } : { anyOf: [{ $ref }], ...rest, $defs };
  }
  return out;
}

/** Enums of strings and numbers only; a `null` member moves into a union with the null type. */
function enumRules(node: MutableJsonSchema, path: string, collector: WarningCollector): MutableJsonSchema {
  const values = node['enum'];
  if (!Array.isArray(values)) return node;
  const present = values.filter((value) => value !== null);
  if (!present.every((value) => typeof value === 'string' || typeof value === 'number')) {
    const { enum: _enum, ...rest } = node;
    collector.unsupported(path, 'enum', ' (only string and number values can be listed)');
    return rest;
  }
  if (present.length === values.length) return node;
  const { type, description, title, ...rest } = node;
  const types = Array.isArray(type) ? type.filter((entry) => entry !== 'null') : type;
  const branch: MutableJsonSchema = { ...rest, enum: present };
  if (types !== undefined && !(Array.isArray(types) && types.length === 0))
    branch['type'] = Array.isArray(types) && types.length === 1 ? types[0] : types;
  const union: MutableJsonSchema = { anyOf: [branch, { type: 'null' }] };
  if (description !== undefined) union['description'] = description;
  if (title !== undefined) union['title'] = title;
  return union;
}

/**
 * Converts a tool's input JSON Schema for Gemini's `FunctionDeclaration.parametersJsonSchema`: only the
 * keywords Gemini documents as supported are kept; `oneOf` is declared as `anyOf`, `const` as a one-value
 * enum, `definitions` as `$defs`, exclusive bounds as inclusive ones. Every other constraint is reported.
 */
export function toJsonSchemaField(schema: JsonSchema, collector: WarningCollector): MutableJsonSchema {
  const rules: CopyRules = {
    keyword(key) {
      if (SUPPORTED.has(key) || REWRITTEN.has(key)) return 'keep';
      return QUIET.has(key) ? 'silent' : 'drop';
    },
    rewrite: (copy, source, path) => rewriteNode(copy, source, path, collector),
  };
  const out = copySchema(schema, rules, collector);
  return isJsonObject(out) && out['type'] === 'object' ? out : { ...out, type: 'object' };
}
