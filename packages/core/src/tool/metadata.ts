import { ToolDefinitionError } from '../errors/armorer-error';
import type { ToolMetadata } from './types';

/**
 * Every metadata key some part of armorer reads, with the type its value must have. Keys outside this
 * list are free-form (discovery, routing, UI grouping) and armorer never acts on them.
 *
 * @example
 * ```ts
 * Object.keys(KNOWN_METADATA_KEYS).includes('mutates'); // true
 * ```
 */
export const KNOWN_METADATA_KEYS: Readonly<Record<KnownMetadataKey, string>> = Object.freeze({
  mutates: 'boolean',
  readOnly: 'boolean',
  dangerous: 'boolean',
  concurrency: 'positive integer',
  outputSchema: 'object',
  timeoutMs: 'number',
  title: 'string',
  idempotent: 'boolean',
  openWorld: 'boolean',
  openai: 'object',
  openapi: 'object',
});

/** The metadata keys armorer reads (see {@link KNOWN_METADATA_KEYS}). */
export type KnownMetadataKey =
  | 'mutates'
  | 'readOnly'
  | 'dangerous'
  | 'concurrency'
  | 'outputSchema'
  | 'timeoutMs'
  | 'title'
  | 'idempotent'
  | 'openWorld'
  | 'openai'
  | 'openapi';

const KNOWN = Object.keys(KNOWN_METADATA_KEYS) as KnownMetadataKey[];

/** Lower case, without `_`/`-` and a leading `is`: `read_only`, `ReadOnly` and `isReadOnly` compare equal. */
function normalizeKey(key: string): string {
  const plain = key.toLowerCase().replace(/[_-]/g, '');
  return plain.startsWith('is') && plain.length > 2 ? plain.slice(2) : plain;
}

/** Edits allowed before a key counts as a misspelling: 1 for short known keys, 2 from 8 characters on. */
function budgetOf(known: string): number {
  return known.length >= 8 ? 2 : 1;
}

/**
 * Whether `a` is within `budget` edits (insertions, deletions, substitutions, adjacent transpositions) of
 * `b`: the optimal string alignment distance, with an early exit once every cell exceeds the budget.
 */
export function withinEdits(a: string, b: string, budget: number): boolean {
  if (Math.abs(a.length - b.length) > budget) return false;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current.push(value);
      if (value < best) best = value;
    }
    if (best > budget) return false;
    before = previous;
    previous = current;
  }
  return (previous[b.length] as number) <= budget;
}

/**
 * The known key a metadata key looks like a misspelling of (`mutate` -> `mutates`, `readonly` ->
 * `readOnly`), or undefined for a known key and for a free-form key that resembles none. The same rule
 * as the compile-time check of `createTool` ({@link MetadataNearMiss}).
 *
 * @example
 * ```ts
 * misspelledMetadataKey('mutate'); // 'mutates'
 * misspelledMetadataKey('tier'); // undefined
 * ```
 */
export function misspelledMetadataKey(key: string): KnownMetadataKey | undefined {
  if (Object.hasOwn(KNOWN_METADATA_KEYS, key)) return undefined;
  const normalized = normalizeKey(key);
  for (const known of KNOWN) {
    if (withinEdits(normalized, known.toLowerCase(), budgetOf(known))) return known;
  }
  return undefined;
}

function invalid(name: string, message: string): ToolDefinitionError {
  return new ToolDefinitionError({ code: 'INVALID_TOOL_METADATA', message: `Tool "${name}": ${message}` });
}

function checkKnownValue(name: string, key: KnownMetadataKey, value: unknown): void {
  if (value === undefined) return;
  const expected = KNOWN_METADATA_KEYS[key];
  const fits =
    expected === 'boolean'
      ? typeof value === 'boolean'
      : expected === 'string'
        ? typeof value === 'string'
        : expected === 'number'
          ? typeof value === 'number'
          : expected === 'positive integer'
            ? Number.isInteger(value) && (value as number) > 0
            : typeof value === 'object' && value !== null;
  if (!fits) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    const article = /^[aeiou]/.test(expected) ? 'an' : 'a';
    throw invalid(name, `metadata.${key} must be ${article} ${expected}, got ${got}.`);
  }
}

/**
 * Checks a tool's metadata at creation: an object, known keys with values of their type, no key that
 * looks like a misspelled known key (a typo such as `mutate: true` would silently switch a guard off),
 * and not both `readOnly` and `mutates`. Returns a frozen copy.
 */
export function normalizeMetadata(name: string, metadata: unknown): ToolMetadata | undefined {
  if (metadata === undefined) return undefined;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw invalid(name, 'metadata must be an object.');
  }
  const value = metadata as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(KNOWN_METADATA_KEYS, key)) {
      checkKnownValue(name, key as KnownMetadataKey, value[key]);
      continue;
    }
    const known = misspelledMetadataKey(key);
    if (known !== undefined) {
      throw invalid(
        name,
        `metadata key "${key}" looks like a misspelling of "${known}", which armorer reads (it ignores "${key}"). ` +
          `Write "${known}", or give your own key a name that does not resemble one armorer reads.`,
      );
    }
  }
  if (value['readOnly'] === true && value['mutates'] === true) {
    throw invalid(name, 'metadata.readOnly and metadata.mutates cannot both be true.');
  }
  return Object.freeze({ ...value }) as ToolMetadata;
}

/** Whether a tool says either way whether it changes state (`readOnly` or `mutates` set to a boolean). */
export function declaresReadOnly(metadata: ToolMetadata | undefined): boolean {
  return typeof metadata?.readOnly === 'boolean' || typeof metadata?.mutates === 'boolean';
}
