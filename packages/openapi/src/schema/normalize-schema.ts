import type { WarningList } from '../import/warnings';
import { encodePointerSegment, isObject, type JsonObject, resolvePointer, setKey } from './json';
import { isLinearPattern } from './pattern-safety';

/** Request schemas leave out `readOnly` properties; response schemas leave out `writeOnly` ones. */
export type SchemaMode = 'request' | 'response';

/** A JSON Schema (draft 2020-12) as a value: an object or a boolean schema. */
export type JsonSchema = JsonObject | boolean;

interface Definition {
  readonly name: string;
  schema: JsonSchema;
  /** Keys (`mode ref`) of the definitions this one refers to directly. */
  readonly dependencies: Set<string>;
}

const SCHEMA_VALUED = [
  'items',
  'additionalProperties',
  'contains',
  'propertyNames',
  'additionalItems',
] as const;
const MAP_VALUED = ['properties', 'patternProperties'] as const;
const ARRAY_VALUED = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
/** Keywords Zod's `z.fromJSONSchema` cannot enforce; dropped with a warning (the server still enforces them). */
const UNSUPPORTED = new Set([
  'not',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentSchemas',
  'dependentRequired',
]);
/** OpenAPI-only annotations and document plumbing that mean nothing inside a self-contained tool schema. */
const DROPPED = new Set([
  'discriminator',
  'xml',
  'externalDocs',
  'example',
  'nullable',
  '$id',
  '$schema',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$comment',
  '$defs',
  'definitions',
  '$vocabulary',
]);
/** Keywords with plain (non-schema) values that are copied as they are; anything unknown is left out. */
const VALUE_KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
  'format',
  'contentEncoding',
  'contentMediaType',
]);
const ANNOTATIONS = new Set([
  'description',
  'title',
  'deprecated',
  'examples',
  'default',
  'readOnly',
  'writeOnly',
]);
const MAX_DEPTH = 256;

/**
 * Turns OpenAPI schema objects (3.0 or 3.1) into self-contained JSON Schema 2020-12: every local `$ref`
 * becomes a `#/$defs/<name>` reference whose target travels with the schema, `nullable` and boolean
 * `exclusiveMinimum`/`exclusiveMaximum` (3.0) become their 2020-12 forms, and keywords that cannot be
 * validated are dropped with a warning. Components are converted once per document and shared (not copied)
 * by every tool that uses them.
 */
export class SchemaNormalizer {
  private readonly definitions = new Map<string, Definition>();
  private readonly names = new Set<string>();

  constructor(
    private readonly document: JsonObject,
    private readonly warnings: WarningList,
  ) {}

  /**
   * Normalizes one schema. `dependencies` receives the definitions it refers to; pass it to
   * {@link definitionsOf} to get the `$defs` the schema needs.
   */
  normalize(schema: unknown, pointer: string, mode: SchemaMode, dependencies: Set<string>): JsonSchema {
    return this.walk(schema, pointer, mode, dependencies, 0);
  }

  /** The `$defs` object holding every definition reachable from `dependencies`, or undefined for none. */
  definitionsOf(dependencies: ReadonlySet<string>): JsonObject | undefined {
    if (dependencies.size === 0) return undefined;
    const defs: JsonObject = {};
    const pending = [...dependencies];
    const visited = new Set<string>();
    for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
      if (visited.has(key)) continue;
      visited.add(key);
      const definition = this.definitions.get(key);
      if (definition === undefined) continue;
      setKey(defs, definition.name, definition.schema);
      for (const next of definition.dependencies) if (!visited.has(next)) pending.push(next);
    }
    return defs;
  }

  /** Follows `$ref` chains at the top of a value (parameters, bodies, responses); undefined when broken. */
  dereference(value: unknown, pointer: string): { value: unknown; pointer: string } | undefined {
    let current = value;
    let at = pointer;
    for (let hops = 0; isObject(current) && typeof current['$ref'] === 'string'; hops++) {
      const ref = current['$ref'];
      const target = hops < 32 ? resolvePointer(this.document, ref) : undefined;
      if (target === undefined) {
        this.warnings.add({
          code: 'UNRESOLVED_REF',
          message: `Reference ${JSON.stringify(ref)} ${hops < 32 ? 'does not resolve inside the document' : 'is part of a cycle'}.`,
          pointer: at,
        });
        return undefined;
      }
      current = target;
      at = ref;
    }
    return { value: current, pointer: at };
  }

  private walk(
    schema: unknown,
    pointer: string,
    mode: SchemaMode,
    dependencies: Set<string>,
    depth: number,
  ): JsonSchema {
    if (typeof schema === 'boolean') return schema;
    if (!isObject(schema)) {
      this.warnings.add({
        code: 'INVALID_SCHEMA',
        message: 'Not a schema object; any value is accepted.',
        pointer,
      });
      return {};
    }
    if (depth > MAX_DEPTH) {
      this.warnings.add({
        code: 'INVALID_SCHEMA',
        message: 'Schema nested too deeply; any value is accepted.',
        pointer,
      });
      return {};
    }
    const ref = schema['$ref'];
    if (typeof ref === 'string') return this.reference(schema, ref, pointer, mode, dependencies, depth);

    const out: JsonObject = {};
    let loosened = false;
    for (const key of Object.keys(schema)) {
      const value = schema[key];
      const at = `${pointer}/${encodePointerSegment(key)}`;
      if (key.startsWith('x-') || DROPPED.has(key)) continue;
      if (UNSUPPORTED.has(key)) {
        // `not: {}` (never) is the one form Zod supports.
        if (key === 'not' && isObject(value) && Object.keys(value).length === 0) {
          out[key] = {};
          continue;
        }
        this.warnings.add({
          code: 'UNSUPPORTED_KEYWORD',
          message: `"${key}" cannot be validated by the tool; it is left to the server.`,
          pointer: at,
        });
        continue;
      }
      if ((key === 'pattern' || key === 'patternProperties') && !this.linearPatterns(key, value, at)) {
        // Zod would run it with the backtracking engine on every call: refused, left to the server.
        if (key === 'patternProperties') loosened = true;
        continue;
      }
      if ((MAP_VALUED as readonly string[]).includes(key) && isObject(value)) {
        out[key] = this.walkMap(value, at, mode, dependencies, depth);
      } else if ((ARRAY_VALUED as readonly string[]).includes(key) && Array.isArray(value)) {
        out[key] = value.map((item, index) =>
          this.walk(item, `${at}/${index}`, mode, dependencies, depth + 1),
        );
      } else if (
        (SCHEMA_VALUED as readonly string[]).includes(key) &&
        (isObject(value) || typeof value === 'boolean')
      ) {
        out[key] = this.walk(value, at, mode, dependencies, depth + 1);
      } else if (key === 'items' && Array.isArray(value)) {
        // Draft-4 tuple form (`items: [...]`) is `prefixItems` in 2020-12.
        out['prefixItems'] = value.map((item, index) =>
          this.walk(item, `${at}/${index}`, mode, dependencies, depth + 1),
        );
      } else if (VALUE_KEYWORDS.has(key)) {
        out[key] = value;
      }
    }
    // Keys the dropped patternProperties admitted must not fall to a closed additionalProperties.
    if (loosened) delete out['additionalProperties'];
    if (isObject(schema['properties'])) this.dropHiddenProperties(schema, out, mode);
    convertExclusiveBounds(out);
    if (schema['example'] !== undefined && out['examples'] === undefined)
      out['examples'] = [schema['example']];
    return schema['nullable'] === true ? makeNullable(out) : out;
  }

  /** Whether a `pattern` (or every key of `patternProperties`) provably matches in linear time. */
  private linearPatterns(key: string, value: unknown, pointer: string): boolean {
    const patterns = key === 'pattern' ? [value] : isObject(value) ? Object.keys(value) : [];
    const unsafe = patterns.find((pattern) => typeof pattern !== 'string' || !isLinearPattern(pattern));
    if (unsafe === undefined) return true;
    this.warnings.add({
      code: 'UNSUPPORTED_KEYWORD',
      message: `"${key}" ${JSON.stringify(unsafe)} cannot be shown to match in linear time; it is left to the server.`,
      pointer,
    });
    return false;
  }

  private walkMap(
    map: JsonObject,
    pointer: string,
    mode: SchemaMode,
    dependencies: Set<string>,
    depth: number,
  ): JsonObject {
    const out: JsonObject = {};
    for (const key of Object.keys(map)) {
      setKey(
        out,
        key,
        this.walk(map[key], `${pointer}/${encodePointerSegment(key)}`, mode, dependencies, depth + 1),
      );
    }
    return out;
  }

  private reference(
    schema: JsonObject,
    ref: string,
    pointer: string,
    mode: SchemaMode,
    dependencies: Set<string>,
    depth: number,
  ): JsonSchema {
    const key = `${mode} ${ref}`;
    let definition = this.definitions.get(key);
    if (definition === undefined) {
      const target = resolvePointer(this.document, ref);
      if (target === undefined) {
        this.warnings.add({
          code: 'UNRESOLVED_REF',
          message: `Reference ${JSON.stringify(ref)} does not resolve inside the document; any value is accepted there.`,
          pointer,
        });
        return {};
      }
      definition = { name: this.uniqueName(ref), schema: {}, dependencies: new Set() };
      // Registered before the walk, so a cycle through this reference ends at the entry being filled.
      this.definitions.set(key, definition);
      definition.schema = this.walk(target, ref, mode, definition.dependencies, 0);
    }
    dependencies.add(key);
    const reference: JsonObject = { $ref: `#/$defs/${encodePointerSegment(definition.name)}` };
    const siblings = Object.keys(schema).filter((name) => name !== '$ref' && !name.startsWith('x-'));
    if (siblings.length === 0) return reference;
    // OpenAPI 3.0 ignores siblings of $ref; 3.1 applies them. Annotations can sit beside the reference.
    if (!String(this.document['openapi']).startsWith('3.1')) {
      return schema['nullable'] === true ? makeNullable(reference) : reference;
    }
    if (siblings.every((name) => ANNOTATIONS.has(name))) {
      for (const name of siblings) setKey(reference, name, schema[name]);
      return reference;
    }
    const { $ref: _ignored, ...rest } = schema;
    return { allOf: [reference, this.walk(rest, pointer, mode, dependencies, depth + 1)] };
  }

  private dropHiddenProperties(schema: JsonObject, out: JsonObject, mode: SchemaMode): void {
    const hidden = mode === 'request' ? 'readOnly' : 'writeOnly';
    const properties = schema['properties'] as JsonObject;
    const dropped: string[] = [];
    for (const name of Object.keys(properties)) {
      let property = properties[name];
      if (isObject(property) && typeof property['$ref'] === 'string') {
        property = resolvePointer(this.document, property['$ref']);
      }
      if (isObject(property) && property[hidden] === true) dropped.push(name);
    }
    if (dropped.length === 0) return;
    const kept = out['properties'] as JsonObject;
    for (const name of dropped) delete kept[name];
    if (Array.isArray(out['required'])) {
      out['required'] = out['required'].filter((name) => !dropped.includes(name as string));
    }
  }

  private uniqueName(ref: string): string {
    const last = ref.slice(ref.lastIndexOf('/') + 1) || 'schema';
    const base =
      last
        .replace(/~1/g, '_')
        .replace(/~0/g, '_')
        .replace(/[^A-Za-z0-9._-]/g, '_') || 'schema';
    let name = base;
    for (let suffix = 2; this.names.has(name); suffix++) name = `${base}_${suffix}`;
    this.names.add(name);
    return name;
  }
}

/** OpenAPI 3.0 / draft-4 boolean bounds become the numeric 2020-12 keywords. */
function convertExclusiveBounds(schema: JsonObject): void {
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const flag = schema[exclusive];
    if (typeof flag !== 'boolean') continue;
    delete schema[exclusive];
    if (flag && typeof schema[inclusive] === 'number') {
      schema[exclusive] = schema[inclusive];
      delete schema[inclusive];
    }
  }
}

/** `nullable: true` (OpenAPI 3.0) as 2020-12: `null` joins the type (or the enum), or an `anyOf` with null. */
function makeNullable(schema: JsonObject): JsonObject {
  const type = schema['type'];
  const plain = ARRAY_VALUED.every((key) => schema[key] === undefined) && schema['$ref'] === undefined;
  if (plain && (typeof type === 'string' || Array.isArray(type))) {
    const types = Array.isArray(type) ? type : [type];
    if (!types.includes('null')) schema['type'] = [...types, 'null'];
    if (Array.isArray(schema['enum']) && !schema['enum'].includes(null))
      schema['enum'] = [...schema['enum'], null];
    return schema;
  }
  return { anyOf: [schema, { type: 'null' }] };
}
