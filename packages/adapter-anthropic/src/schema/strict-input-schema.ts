import {
  isJsonObject,
  type JsonSchema,
  MAP_SUBSCHEMA_KEYWORDS,
  type MutableJsonSchema,
  pointer,
  type WarningCollector,
} from '@armorer/adapter-shared';
import type { AnthropicTool } from '../types';

/** Why strict tool use cannot declare a tool: the JSON Pointer of the first obstacle, and what it is. */
export class StrictUnavailable extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The string formats strict tool use constrains (as the Anthropic SDK's own transform lists them). */
const FORMATS = new Set([
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
/** Keywords copied as they are (their subschemas converted). */
const KEPT = new Set([
  'type',
  'description',
  'title',
  'required',
  'properties',
  'items',
  'anyOf',
  'allOf',
  '$ref',
  '$defs',
]);
/** Annotations carried in the description as text without a warning: they constrain nothing. */
const NOTES = new Set(['default', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly']);
/** Keywords whose values are data, never schemas. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);
/** Dropped quietly. */
const SILENT = new Set(['$schema', '$comment', '$id', '$anchor']);

const isPrimitive = (value: unknown): boolean => value === null || typeof value !== 'object';

interface Walk {
  readonly collector: WarningCollector;
  /** Keywords carried into the description of the node being converted, in order (made when needed). */
  notes: [string, unknown][] | undefined;
}

function carry(walk: Walk, path: string, key: string, value: unknown, why: string): void {
  walk.notes ??= [];
  walk.notes.push([key, value]);
  if (!NOTES.has(key)) {
    walk.collector.relaxed(path, key, `text in the description (strict tool use ${why})`);
  }
}

function convertChild(value: unknown, path: string, walk: Walk): MutableJsonSchema {
  if (value === true || (isJsonObject(value) && Object.keys(value).length === 0)) {
    throw new StrictUnavailable(path, 'accepts a value of any type, which strict tool use cannot declare');
  }
  if (!isJsonObject(value)) throw new StrictUnavailable(path, 'is not a schema strict tool use can declare');
  return convertNode(value, path, { collector: walk.collector, notes: undefined });
}

function convertList(values: unknown, path: string, walk: Walk): MutableJsonSchema[] {
  if (!Array.isArray(values)) throw new StrictUnavailable(path, 'is not a list of schemas');
  return values.map((value, index) => convertChild(value, pointer(path, index), walk));
}

function convertMap(values: unknown, path: string, walk: Walk): MutableJsonSchema {
  const out: MutableJsonSchema = {};
  if (!isJsonObject(values)) return out;
  for (const name of Object.keys(values)) {
    const child = convertChild(values[name], pointer(path, name), walk);
    // Defined, not assigned, for the one name that assignment would turn into a prototype.
    if (name === '__proto__') {
      Object.defineProperty(out, name, {
        value: child,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[name] = child;
  }
  return out;
}

/** `additionalProperties` of an object: closed stays closed; an open object is closed; a map cannot be. */
function closeObject(node: JsonSchema, path: string, walk: Walk): void {
  const extra = node['additionalProperties'];
  if (isJsonObject(extra) && Object.keys(extra).length > 0) {
    throw new StrictUnavailable(
      path,
      'has additionalProperties (a map), which strict tool use cannot declare',
    );
  }
  if ('patternProperties' in node) {
    throw new StrictUnavailable(path, 'has patternProperties, which strict tool use cannot declare');
  }
  // The root of a tool without arguments is an empty object: closing it says the same.
  const hasProperties = isJsonObject(node['properties']) && Object.keys(node['properties']).length > 0;
  if (!hasProperties && extra !== false && path !== '') {
    throw new StrictUnavailable(path, 'is an object of any keys, which strict tool use cannot declare');
  }
  if (extra === true || (isJsonObject(extra) && Object.keys(extra).length === 0)) {
    walk.collector.relaxed(path, 'additionalProperties', 'false (strict tool use closes every object)');
  }
}

function convertNode(node: JsonSchema, path: string, walk: Walk): MutableJsonSchema {
  const out: MutableJsonSchema = {};
  const types = typeof node['type'] === 'string' ? [node['type']] : node['type'];
  if (Array.isArray(types) && types.length > 1) return typeUnion(node, types, path, walk);
  const type = Array.isArray(types) ? types[0] : types;
  for (const key of Object.keys(node)) {
    const value = node[key];
    const at = pointer(path, key);
    if (SILENT.has(key)) continue;
    if (key === 'type') out['type'] = type;
    else if (key === 'properties') out[key] = convertMap(value, at, walk);
    else if (key === '$defs' || key === 'definitions') out['$defs'] = convertMap(value, at, walk);
    else if (key === 'items') out[key] = convertChild(value, at, walk);
    else if (key === 'anyOf' || key === 'allOf') out[key] = convertList(value, at, walk);
    else if (key === 'oneOf') {
      out['anyOf'] = convertList(value, at, walk);
      walk.collector.relaxed(path, 'oneOf', 'anyOf (strict tool use does not keep the branches exclusive)');
    } else if (key === 'prefixItems') {
      throw new StrictUnavailable(path, 'is a tuple (prefixItems), which strict tool use cannot declare');
    } else if (key === 'additionalProperties' || key === 'patternProperties') {
      // Checked by closeObject.
    } else if (key === 'enum' && Array.isArray(value) && value.length > 0 && value.every(isPrimitive)) {
      out[key] = value;
    } else if (key === 'const' && isPrimitive(value)) out[key] = value;
    else if (key === 'format' && typeof value === 'string' && FORMATS.has(value)) out[key] = value;
    else if (key === 'minItems' && (value === 0 || value === 1)) out[key] = value;
    else if (key === 'description' || key === 'title' || key === 'required' || key === '$ref')
      out[key] = value;
    else if (!KEPT.has(key)) carry(walk, path, key, value, 'does not support it');
  }
  if (type === 'object' || 'properties' in node) {
    closeObject(node, path, walk);
    out['additionalProperties'] = false;
    out['properties'] ??= {};
  }
  const typed = 'type' in out || 'anyOf' in out || 'allOf' in out || 'enum' in out || 'const' in out;
  if (!typed && !('$ref' in out)) {
    throw new StrictUnavailable(path, 'has no type, which strict tool use requires');
  }
  return finishNode(out, walk);
}

/** `{ type: [a, b], ...rest }` as `anyOf: [{ type: a, ...rest }, { type: b, ...rest }]`: the same meaning. */
function typeUnion(node: JsonSchema, types: unknown[], path: string, walk: Walk): MutableJsonSchema {
  const { type: _type, description, title, ...rest } = node;
  const union: MutableJsonSchema = {
    anyOf: types.map((type, index) =>
      convertChild({ ...rest, type }, pointer(pointer(path, 'anyOf'), index), walk),
    ),
  };
  if (typeof description === 'string') union['description'] = description;
  if (typeof title === 'string') union['title'] = title;
  return union;
}

/** A `$ref` stands alone (its siblings move beside it in an `anyOf`); carried keywords become text. */
function finishNode(out: MutableJsonSchema, walk: Walk): MutableJsonSchema {
  let node = out;
  if (walk.notes !== undefined) {
    const text = `{${walk.notes.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')}}`;
    const description = node['description'];
    node['description'] =
      typeof description === 'string' && description.length > 0 ? `${description}\n\n${text}` : text;
  }
  if (
    typeof node['$ref'] === 'string' &&
    Object.keys(node).some((key) => key !== '$ref' && key !== '$defs')
  ) {
    const { $ref, $defs, ...rest } = node;
    node = $defs === undefined ? { anyOf: [{ $ref }], ...rest } : { anyOf: [{ $ref }], ...rest, $defs };
  }
  return node;
}

/** The name under `$defs` a reference points at (`#/$defs/a~1b` is `a/b`). */
function definitionName(ref: string): string {
  const token = ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : ref;
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** The names under `$defs` a schema refers to (`#` is the root), for finding recursion. */
function referencesOf(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencesOf(item, found);
  else if (isJsonObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child === '#' ? '#' : definitionName(child));
      else if (key === '$defs' || DATA_KEYWORDS.has(key)) continue;
      // A map of subschemas: its names are data (a property may be called "default"), its values schemas.
      else if (MAP_SUBSCHEMA_KEYWORDS.has(key) && isJsonObject(child))
        for (const schema of Object.values(child)) referencesOf(schema, found);
      else referencesOf(child, found);
    }
  }
  return found;
}

/** Strict tool use refuses recursive schemas: a reference back to the root, or a cycle through `$defs`. */
function assertNotRecursive(schema: JsonSchema): void {
  const defs = isJsonObject(schema['$defs']) ? schema['$defs'] : {};
  if (referencesOf(schema, new Set()).has('#'))
    throw new StrictUnavailable('', 'is recursive (it refers to itself)');
  const edges = new Map(Object.keys(defs).map((name) => [name, referencesOf(defs[name], new Set())]));
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (name: string): void => {
    if (done.has(name)) return;
    if (name === '#' || visiting.has(name)) {
      throw new StrictUnavailable(`/$defs/${name}`, 'is recursive, which strict tool use cannot declare');
    }
    visiting.add(name);
    for (const next of edges.get(name) ?? []) visit(next);
    visiting.delete(name);
    done.add(name);
  };
  for (const name of edges.keys()) visit(name);
}

/**
 * A tool's `input_schema` for Anthropic's strict tool use (`strict: true`), by the rules of Anthropic's own
 * SDK transform: every object closed (`additionalProperties: false`), `oneOf` as `anyOf`, only the string
 * formats strict mode constrains, `minItems` of 0 or 1, and every other constraint (`minimum`, `maxLength`,
 * `pattern`, ...) written into the node's description as text, each reported. Throws
 * {@link StrictUnavailable} for what strict tool use cannot declare at all: maps (`additionalProperties`
 * schemas), tuples, values of any type, recursion.
 */
export function toStrictInputSchema(
  schema: JsonSchema,
  collector: WarningCollector,
): AnthropicTool['input_schema'] {
  assertNotRecursive(schema);
  const { anyOf: _anyOf, oneOf: _oneOf, allOf: _allOf, ...root } = schema;
  for (const key of ['anyOf', 'oneOf', 'allOf']) if (key in schema) collector.unsupported('', key);
  const converted = convertNode({ ...root, type: 'object' }, '', { collector, notes: undefined });
  return { ...converted, type: 'object' };
}
