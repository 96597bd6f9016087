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
  out = definitionsAsDefs(constAsEnum(out));
  if ('exclusiveMinimum' in out || 'exclusiveMaximum' in out) {
    const { exclusiveMinimum: _min, exclusiveMaximum: _max, ...rest } = out;
    out = rest;
    exclusiveBounds(source, out, path, collector);
  }
  if (out['items'] === false) {
    delete out['items'];
    if (!('maxItems' in out)) collector.unsupported(path, 'items', ' (false: no further items)');
  }
  return refStandsAlone(enumRules(out, path, collector));
}

/** Enums of strings and numbers only; a `null` member moves into a union with the null type. */
function enumRules(node: MutableJsonSchema, path: string, collector: WarningCollector): MutableJsonSchema {
  const values = node['enum'];
  if (!Array.isArray(values)) return node;
  if (!values.every((value) => value === null || typeof value === 'string' || typeof value === 'number')) {
    const { enum: _enum, ...rest } = node;
    collector.unsupported(path, 'enum', ' (only string and number values can be listed)');
    return rest;
  }
  return nullOutOfEnum(node);
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

/** Gemini allows only `$`-keywords beside `$ref`: the reference moves into a one-branch union. */
function refStandsAlone(node: MutableJsonSchema): MutableJsonSchema {
  if (typeof node['$ref'] !== 'string' || !Object.keys(node).some((key) => !key.startsWith('$'))) return node;
  const { $ref, $defs, ...rest } = node;
  return $defs === undefined ? { anyOf: [{ $ref }], ...rest } : { anyOf: [{ $ref }], ...rest, $defs };
}

/** `const` as a one-value enum (or the null type): the same meaning, in a keyword Gemini follows. */
function constAsEnum(node: MutableJsonSchema): MutableJsonSchema {
  if (!('const' in node)) return node;
  const { const: value, ...rest } = node;
  return value === null ? { ...rest, type: 'null' } : { ...rest, enum: [value] };
}

/** `definitions` as `$defs`, and references to them renamed: the same meaning. */
function definitionsAsDefs(node: MutableJsonSchema): MutableJsonSchema {
  let out = node;
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
  return out;
}

/** A `null` member of an enum moved into a union with the null type: the same meaning. */
function nullOutOfEnum(node: MutableJsonSchema): MutableJsonSchema {
  const values = node['enum'];
  if (!Array.isArray(values) || !values.includes(null)) return node;
  const present = values.filter((value) => value !== null);
  if (present.length === 0) {
    const { enum: _enum, ...only } = node;
    return { ...only, type: 'null' };
  }
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

/** Reports the keywords of a node that Gemini does not follow (they stay declared). */
function reportIgnored(source: JsonSchema, path: string, collector: WarningCollector): void {
  for (const key of Object.keys(source)) {
    if (key === 'oneOf') collector.ignored(path, key, ' (it reads oneOf as anyOf)');
    else if (key === 'enum') {
      const values = source[key];
      const followed =
        Array.isArray(values) &&
        values.every((value) => value === null || typeof value === 'string' || typeof value === 'number');
      if (!followed) collector.ignored(path, key, ' (it follows enums of strings and numbers only)');
    } else if (!SUPPORTED.has(key) && key !== 'const' && key !== 'definitions' && !QUIET.has(key)) {
      collector.ignored(path, key);
    }
  }
}

/**
 * Converts a tool's input JSON Schema for `parametersJsonSchema` without leaving anything out: Gemini
 * accepts the full JSON Schema there and follows the keywords it documents. Every keyword is declared; the
 * ones Gemini does not follow when it generates a call (`minLength`, `pattern`, `not`, ...) are reported
 * (`IGNORED_KEYWORD`), and armorer still enforces them. Only rewrites that keep the schema's meaning are
 * made: `const` as a one-value enum, `definitions` as `$defs`, a `null` enum member as a union with the null
 * type, and a `$ref` with other keywords beside it (which Gemini refuses) wrapped in a one-branch `anyOf`.
 */
export function toFullJsonSchemaField(schema: JsonSchema, collector: WarningCollector): MutableJsonSchema {
  const rules: CopyRules = {
    keyword: (key) => (key === '$schema' || key === '$comment' ? 'silent' : 'keep'),
    rewrite(copy, source, path) {
      reportIgnored(source, path, collector);
      return refStandsAlone(nullOutOfEnum(definitionsAsDefs(constAsEnum(copy))));
    },
  };
  const out = copySchema(schema, rules, collector);
  return isJsonObject(out) && out['type'] === 'object' ? out : { ...out, type: 'object' };
}
