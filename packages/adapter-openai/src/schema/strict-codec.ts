import { isJsonObject, type JsonSchema } from '@armorer/adapter-shared';

/**
 * How a value written under a strict schema maps back to the tool's own argument shape. `undefined`
 * means "as it is".
 */
export type StrictDecoder =
  /** A value the strict schema declares as a JSON-encoded string (free-form objects, any value). */
  | { readonly kind: 'json' }
  /** A record declared as an array of `{ key, value }` entries. */
  | { readonly kind: 'entries'; readonly value: StrictDecoder | undefined }
  /** An object: each property's decoder, and whether its `null` means "absent" (optional properties). */
  | { readonly kind: 'object'; readonly properties: ReadonlyMap<string, StrictProperty> }
  | { readonly kind: 'array'; readonly items: StrictDecoder | undefined }
  /** A value made nullable by the conversion: `null` stays `null`, anything else is decoded. */
  | { readonly kind: 'nullable'; readonly inner: StrictDecoder | undefined }
  | { readonly kind: 'union'; readonly branches: readonly StrictBranch[] }
  /** A reference: `#` (the root) or a name under `$defs`. */
  | { readonly kind: 'ref'; readonly target: string }
  /** The root, declared inside one property because strict mode wants an object at the top. */
  | { readonly kind: 'unwrap'; readonly property: string; readonly inner: StrictDecoder | undefined };

export interface StrictProperty {
  readonly decoder: StrictDecoder | undefined;
  /** The property is optional in the tool's schema and made nullable for strict mode. */
  readonly absentAsNull: boolean;
}

export interface StrictBranch {
  /** The branch as declared in the strict schema (to recognize which branch a value took). */
  readonly schema: JsonSchema;
  readonly decoder: StrictDecoder | undefined;
}

/** A tool's strict schema with what it takes to read its calls back. */
export interface StrictCodec {
  readonly schema: JsonSchema;
  readonly root: StrictDecoder | undefined;
  readonly defs: ReadonlyMap<string, StrictDecoder | undefined>;
}

const MAX_DEPTH = 256;

function target(codec: StrictCodec, name: string): StrictDecoder | undefined {
  return name === '#' ? codec.root : codec.defs.get(name);
}

function schemaAt(codec: StrictCodec, ref: string): JsonSchema | undefined {
  if (ref === '#') return codec.schema;
  const defs = codec.schema['$defs'];
  const name = ref.startsWith('#/$defs/') ? ref.slice(8) : undefined;
  return name !== undefined && isJsonObject(defs) && isJsonObject(defs[name]) ? defs[name] : undefined;
}

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'object'
        ? 'object'
        : typeof value;

/**
 * True when two values have the same JSON text. A model's object never equals a primitive constant
 * (told without writing it: deep nesting makes that slow), and a value `JSON.stringify` cannot write
 * (nested too deep) is unequal rather than a throw out of the parser.
 */
function sameText(expected: unknown, value: unknown): boolean {
  const isObject = (item: unknown) => typeof item === 'object' && item !== null;
  if (isObject(expected) !== isObject(value)) return false;
  try {
    return JSON.stringify(expected) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/** True when a value fits a strict schema's shape (types, enums, closed objects); bounds are not read. */
export function fitsStrict(codec: StrictCodec, schema: unknown, value: unknown, depth = 0): boolean {
  if (!isJsonObject(schema) || depth > 64) return true;
  if (typeof schema['$ref'] === 'string')
    return fitsStrict(codec, schemaAt(codec, schema['$ref']), value, depth + 1);
  if (Array.isArray(schema['anyOf']))
    return schema['anyOf'].some((branch) => fitsStrict(codec, branch, value, depth + 1));
  if ('const' in schema) return sameText(schema['const'], value);
  if (Array.isArray(schema['enum'])) return schema['enum'].some((item) => sameText(item, value));
  const type = schema['type'];
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    const actual = typeOf(value);
    const fits = types.some(
      (entry) =>
        entry === actual ||
        (actual === 'number' && entry === 'integer' && Number.isInteger(value)) ||
        (actual === 'number' && entry === 'number'),
    );
    if (!fits) return false;
  }
  if (isJsonObject(value) && isJsonObject(schema['properties'])) {
    const properties = schema['properties'];
    for (const key of Object.keys(value)) if (!(key in properties)) return false;
    for (const key of Object.keys(properties)) {
      if (!(key in value) || !fitsStrict(codec, properties[key], value[key], depth + 1)) return false;
    }
  }
  if (Array.isArray(value) && isJsonObject(schema['items']))
    return value.every((item) => fitsStrict(codec, schema['items'], item, depth + 1));
  return true;
}

/**
 * Sets an own, enumerable key as `JSON.parse` does: a model's `"__proto__"` key stays data, never the
 * prototype of the decoded object.
 */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function decodeEntries(
  codec: StrictCodec,
  decoder: StrictDecoder | undefined,
  value: unknown,
  depth: number,
) {
  if (!Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const entry of value) {
    if (!isJsonObject(entry) || typeof entry['key'] !== 'string') return value;
    setOwn(out, entry['key'], decodeValue(codec, decoder, entry['value'], depth + 1));
  }
  return out;
}

function decodeObject(
  codec: StrictCodec,
  properties: ReadonlyMap<string, StrictProperty>,
  value: unknown,
  depth: number,
) {
  if (!isJsonObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const property = properties.get(key);
    if (property === undefined) setOwn(out, key, item);
    else if (!(item === null && property.absentAsNull))
      setOwn(out, key, decodeValue(codec, property.decoder, item, depth + 1));
  }
  return out;
}

/** Reads a value written under a strict schema back into the tool's own shape. */
export function decodeValue(
  codec: StrictCodec,
  decoder: StrictDecoder | undefined,
  value: unknown,
  depth = 0,
): unknown {
  if (decoder === undefined || depth > MAX_DEPTH) return value;
  switch (decoder.kind) {
    case 'json':
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value; // Not JSON: validation against the tool's schema reports it.
      }
    case 'entries':
      return decodeEntries(codec, decoder.value, value, depth);
    case 'object':
      return decodeObject(codec, decoder.properties, value, depth);
    case 'array':
      return Array.isArray(value)
        ? value.map((item) => decodeValue(codec, decoder.items, item, depth + 1))
        : value;
    case 'nullable':
      return value === null ? null : decodeValue(codec, decoder.inner, value, depth + 1);
    case 'union': {
      const branch = decoder.branches.find((candidate) => fitsStrict(codec, candidate.schema, value));
      return branch === undefined ? value : decodeValue(codec, branch.decoder, value, depth + 1);
    }
    case 'ref':
      return decodeValue(codec, target(codec, decoder.target), value, depth + 1);
    case 'unwrap':
      return isJsonObject(value) && decoder.property in value
        ? decodeValue(codec, decoder.inner, value[decoder.property], depth + 1)
        : value;
  }
}

/** Equal JSON values, where an absent property may read back as `null` (strict mode's one "nothing"). */
function sameValue(back: unknown, value: unknown): boolean {
  if (Array.isArray(value))
    return (
      Array.isArray(back) &&
      back.length === value.length &&
      value.every((item, index) => sameValue(back[index], item))
    );
  if (isJsonObject(value)) {
    if (!isJsonObject(back)) return false;
    for (const key of Object.keys(back)) if (!(key in value) && back[key] !== null) return false;
    return Object.keys(value).every((key) => key in back && sameValue(back[key], value[key]));
  }
  return back === value;
}

/**
 * Writes a value of the tool's own shape the way the strict schema declares it (the inverse of
 * {@link decodeValue}): what a model following the strict schema sends for that value.
 */
export function encodeValue(
  codec: StrictCodec,
  decoder: StrictDecoder | undefined,
  value: unknown,
  depth = 0,
): unknown {
  if (decoder === undefined || depth > MAX_DEPTH) return value;
  switch (decoder.kind) {
    case 'json':
      return JSON.stringify(value);
    case 'entries':
      return isJsonObject(value)
        ? Object.entries(value).map(([key, item]) => ({
            key,
            value: encodeValue(codec, decoder.value, item, depth + 1),
          }))
        : value;
    case 'object': {
      if (!isJsonObject(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [key, property] of decoder.properties) {
        out[key] = key in value ? encodeValue(codec, property.decoder, value[key], depth + 1) : null;
      }
      return out;
    }
    case 'array':
      return Array.isArray(value)
        ? value.map((item) => encodeValue(codec, decoder.items, item, depth + 1))
        : value;
    case 'nullable':
      return value === null ? null : encodeValue(codec, decoder.inner, value, depth + 1);
    case 'union': {
      // The branch whose strict form holds the value and reads back as it.
      for (const branch of decoder.branches) {
        const encoded = encodeValue(codec, branch.decoder, value, depth + 1);
        const back = decodeValue(codec, branch.decoder, encoded, depth + 1);
        if (fitsStrict(codec, branch.schema, encoded) && sameValue(back, value)) return encoded;
      }
      return value;
    }
    case 'ref':
      return encodeValue(codec, target(codec, decoder.target), value, depth + 1);
    case 'unwrap':
      return { [decoder.property]: encodeValue(codec, decoder.inner, value, depth + 1) };
  }
}
