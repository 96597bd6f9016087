import {
  isJsonObject,
  isUnconstrained,
  type JsonSchema,
  type MutableJsonSchema,
  pointer,
} from '@armorer/adapter-shared';
import type { StrictDecoder, StrictProperty } from './strict-codec';
import {
  asJsonString,
  countText,
  nullable,
  STRICT_LIMITS,
  type StrictState,
  scalar,
  strictNode,
} from './strict-schema';

/** A converted node: its strict schema and how values written under it decode. */
export interface Converted {
  readonly schema: JsonSchema;
  readonly decoder: StrictDecoder | undefined;
}

/** The schema of the values of a record (`additionalProperties`, `patternProperties`), when it has one. */
function recordValues(node: JsonSchema): { readonly values: unknown; readonly pattern?: string } | undefined {
  const patterns = node['patternProperties'];
  if (
    isJsonObject(patterns) &&
    Object.keys(patterns).length === 1 &&
    node['additionalProperties'] === false
  ) {
    const [pattern] = Object.keys(patterns) as [string];
    return { values: patterns[pattern], pattern };
  }
  const extra = node['additionalProperties'];
  if (extra === undefined || extra === false || isJsonObject(patterns)) return undefined;
  const names = node['propertyNames'];
  const pattern = isJsonObject(names) && typeof names['pattern'] === 'string' ? names['pattern'] : undefined;
  return pattern === undefined ? { values: extra } : { values: extra, pattern };
}

/** A record as an array of `{ key, value }` entries, which strict mode can describe exactly. */
function entries(node: JsonSchema, path: string, depth: number, state: StrictState): Converted {
  const record = recordValues(node) as { values: unknown; pattern?: string };
  if (record.values === true || (isJsonObject(record.values) && isUnconstrained(record.values)))
    return asJsonString(node, path, state, 'an object with any keys and values');
  const value = strictNode(record.values, pointer(path, 'additionalProperties'), depth + 1, state);
  const key: MutableJsonSchema = { type: 'string' };
  if (record.pattern !== undefined) key['pattern'] = record.pattern;
  const out: MutableJsonSchema = scalar(node, 'array', path, state);
  for (const [from, to] of [
    ['minProperties', 'minItems'],
    ['maxProperties', 'maxItems'],
  ] as const) {
    if (typeof node[from] === 'number') out[to] = node[from];
  }
  out['items'] = {
    type: 'object',
    properties: { key, value: value.schema },
    required: ['key', 'value'],
    additionalProperties: false,
  };
  state.collector.relaxed(path, 'additionalProperties', 'an array of { key, value } entries');
  state.properties += 2;
  return { schema: out, decoder: { kind: 'entries', value: value.decoder } };
}

/** An object node in strict mode: closed, every property required (optional ones nullable). */
export function convertObject(node: JsonSchema, path: string, depth: number, state: StrictState): Converted {
  const properties = isJsonObject(node['properties']) ? node['properties'] : {};
  const names = Object.keys(properties);
  const record = recordValues(node);
  if (names.length === 0 && record !== undefined) return entries(node, path, depth, state);
  const extra = node['additionalProperties'];
  const open = extra === undefined || extra === true || (isJsonObject(extra) && isUnconstrained(extra));
  if (names.length === 0 && open && !isJsonObject(node['properties']))
    return asJsonString(node, path, state, 'an object with any keys');
  if (depth + 1 > STRICT_LIMITS.depth)
    return asJsonString(node, path, state, `objects nested deeper than ${STRICT_LIMITS.depth} levels`);
  if (record !== undefined)
    state.collector.unsupported(
      path,
      'additionalProperties',
      ' in strict mode (only the listed properties can be sent)',
    );
  for (const keyword of ['minProperties', 'maxProperties'])
    if (keyword in node) state.collector.unsupported(path, keyword, ' in strict mode');
  const out = scalar(node, 'object', path, state);
  const required = node['required'];
  const converted: MutableJsonSchema = {};
  const decoders = new Map<string, StrictProperty>();
  const kept: string[] = [];
  const base = pointer(path, 'properties');
  for (const name of names) {
    const child = properties[name];
    const at = pointer(base, name);
    if (child === false) {
      state.collector.unsupported(at, 'properties', ' (a property that accepts no value is left out)');
      continue;
    }
    const schema = strictNode(child, at, depth + 1, state);
    const listed = Array.isArray(required) && required.includes(name);
    const optional = listed ? undefined : nullable(schema, state.root);
    converted[name] = (optional ?? schema).schema;
    decoders.set(name, { decoder: schema.decoder, absentAsNull: optional !== undefined });
    kept.push(name);
  }
  state.properties += kept.length;
  countText(state, kept);
  out['properties'] = converted;
  out['required'] = kept;
  out['additionalProperties'] = false;
  return { schema: out, decoder: { kind: 'object', properties: decoders } };
}
