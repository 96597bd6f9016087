import type { WarningCollector } from '../conversion/warnings';
import {
  ANNOTATION_KEYWORDS,
  ARRAY_SUBSCHEMA_KEYWORDS,
  isJsonObject,
  isVacuousKeyword,
  type JsonSchema,
  MAP_SUBSCHEMA_KEYWORDS,
  type MutableJsonSchema,
  pointer,
  SINGLE_SUBSCHEMA_KEYWORDS,
} from './json-schema';

/** What to do with one keyword of a node: copy it, leave it out with a warning, or leave it out quietly. */
export type KeywordDecision = 'keep' | 'drop' | 'silent';

/** A provider's keyword rules for {@link copySchema}. */
export interface CopyRules {
  /** Decides each keyword of each node. Subschemas of kept keywords are copied with the same rules. */
  readonly keyword: (key: string, node: JsonSchema, path: string) => KeywordDecision;
  /** Rewrites a copied node (for example `oneOf` as `anyOf`); runs after its children were copied. */
  readonly rewrite?: (copy: MutableJsonSchema, source: JsonSchema, path: string) => MutableJsonSchema;
}

/**
 * Keeps every keyword except annotations without meaning for a provider (`$schema`, `$comment`, ...).
 *
 * @example
 * ```ts
 * const copy = copySchema(schema, KEEP_ALL, collector); // a deep copy without `$schema`
 * ```
 */
export const KEEP_ALL: CopyRules = {
  keyword: (key) => (key === '$schema' || key === '$comment' ? 'silent' : 'keep'),
};

/**
 * {@link KEEP_ALL}, except that the `forbidden` keywords are left out (and reported) at the top level of
 * the schema, where a provider refuses them.
 *
 * @example
 * ```ts
 * const rules = dropAtTopLevel(new Set(['anyOf', 'oneOf', 'allOf'])); // Anthropic's input_schema
 * const copy = copySchema(schema, rules, collector);
 * ```
 */
export function dropAtTopLevel(forbidden: ReadonlySet<string>): CopyRules {
  return {
    keyword(key, node, path) {
      const decision = KEEP_ALL.keyword(key, node, path);
      return decision === 'keep' && path === '' && forbidden.has(key) ? 'drop' : decision;
    },
  };
}

function copyChild(value: unknown, path: string, rules: CopyRules, collector: WarningCollector): unknown {
  return isJsonObject(value) ? copyNode(value, path, rules, collector) : value;
}

function copyNode(
  node: JsonSchema,
  path: string,
  rules: CopyRules,
  collector: WarningCollector,
): MutableJsonSchema {
  const copy: MutableJsonSchema = {};
  for (const key of Object.keys(node)) {
    const value = node[key];
    const decision = rules.keyword(key, node, path);
    if (decision !== 'keep') {
      if (decision === 'drop' && !ANNOTATION_KEYWORDS.has(key) && !isVacuousKeyword(key, value)) {
        collector.unsupported(path, key);
      }
      continue;
    }
    if (SINGLE_SUBSCHEMA_KEYWORDS.has(key)) {
      copy[key] = copyChild(value, pointer(path, key), rules, collector);
    } else if (ARRAY_SUBSCHEMA_KEYWORDS.has(key) && Array.isArray(value)) {
      const at = pointer(path, key);
      copy[key] = value.map((item, index) => copyChild(item, pointer(at, index), rules, collector));
    } else if (MAP_SUBSCHEMA_KEYWORDS.has(key) && isJsonObject(value)) {
      const at = pointer(path, key);
      const map: MutableJsonSchema = {};
      for (const name of Object.keys(value)) {
        map[name] = copyChild(value[name], pointer(at, name), rules, collector);
      }
      copy[key] = map;
    } else {
      copy[key] = cloneJson(value);
    }
  }
  return rules.rewrite === undefined ? copy : rules.rewrite(copy, node, path);
}

/**
 * A deep copy of JSON data (enum values, defaults, examples).
 *
 * @example
 * ```ts
 * const copy = cloneJson({ enum: ['a', 'b'] }) as { enum: string[] };
 * ```
 */
export function cloneJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneJson);
  const copy: MutableJsonSchema = {};
  for (const key of Object.keys(value)) copy[key] = cloneJson((value as JsonSchema)[key]);
  return copy;
}

/**
 * Copies a JSON Schema under a provider's keyword rules, recursing into every subschema, and reports each
 * keyword left out (annotations excepted) to the collector.
 *
 * @example
 * ```ts
 * const collector = new WarningCollector('gemini', 'search');
 * const copy = copySchema(schema, { keyword: (key) => (key === 'pattern' ? 'drop' : 'keep') }, collector);
 * ```
 */
export function copySchema(
  schema: JsonSchema,
  rules: CopyRules,
  collector: WarningCollector,
): MutableJsonSchema {
  return copyNode(schema, '', rules, collector);
}

/**
 * Freezes a declaration and everything inside it, so cached declarations cannot be changed by callers.
 *
 * @example
 * ```ts
 * const declaration = deepFreeze({ name: 'get_weather', parameters: { type: 'object' } });
 * ```
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
