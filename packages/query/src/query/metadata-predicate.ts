import type { AnyTool, ToolMetadata } from '@armorer/core';
import { checkKeys, checkStringList, invalid, isPlainObject } from './query-keys';
import type { ToolPredicate } from './tag-predicates';
import type { MetadataNeedle, MetadataQuery, RiskQuery } from './types';

const METADATA_KEYS = ['has', 'eq', 'contains', 'startsWith', 'range', 'predicate'];
const EMPTY: ToolMetadata = Object.freeze({});

/** Compiles (and validates) metadata criteria. */
export function metadataPredicate(query: MetadataQuery, where: string): ToolPredicate {
  if (!isPlainObject(query)) invalid(where, 'an object');
  checkKeys(query, METADATA_KEYS, where);
  const checks: ((metadata: ToolMetadata) => boolean)[] = [];
  if (query.has !== undefined) {
    const keys = checkStringList(query.has, `${where}.has`);
    checks.push((metadata) => keys.every((key) => metadata[key] !== undefined));
  }
  if (query.eq !== undefined) {
    const eq = objectOf(query.eq, `${where}.eq`);
    checks.push((metadata) => Object.entries(eq).every(([key, value]) => deepEqual(metadata[key], value)));
  }
  if (query.contains !== undefined) {
    const contains = objectOf(query.contains, `${where}.contains`);
    checks.push((metadata) =>
      Object.entries(contains).every(([key, needles]) =>
        (Array.isArray(needles) ? needles : [needles]).every((needle) =>
          containsNeedle(metadata[key], needle),
        ),
      ),
    );
  }
  if (query.startsWith !== undefined) {
    const prefixes = objectOf(query.startsWith, `${where}.startsWith`);
    for (const [key, prefix] of Object.entries(prefixes)) {
      if (typeof prefix !== 'string') invalid(`${where}.startsWith.${key}`, 'a string');
    }
    checks.push((metadata) =>
      Object.entries(prefixes).every(([key, prefix]) => {
        const value = metadata[key];
        return typeof value === 'string' && value.toLowerCase().startsWith((prefix as string).toLowerCase());
      }),
    );
  }
  if (query.range !== undefined)
    checks.push(rangeCheck(objectOf(query.range, `${where}.range`), `${where}.range`));
  if (query.predicate !== undefined) {
    const predicate = query.predicate as MetadataQuery['predicate'] | unknown;
    if (typeof predicate !== 'function') invalid(`${where}.predicate`, 'a function');
    checks.push(predicate as (metadata: ToolMetadata) => boolean);
  }
  return (tool) => {
    const metadata = tool.configuration.metadata ?? EMPTY;
    return checks.every((check) => check(metadata));
  };
}

/** Compiles (and validates) risk criteria: each flag equals the value; absent booleans count as false. */
export function riskPredicate(query: RiskQuery, where: string): ToolPredicate {
  if (!isPlainObject(query)) invalid(where, 'an object of risk flags, e.g. { untrustedOutput: true }');
  const entries = Object.entries(query);
  return (tool: AnyTool) => {
    const risk = tool.configuration.risk;
    return entries.every(([key, wanted]) => {
      const value = risk?.[key];
      return typeof wanted === 'boolean' && value === undefined ? wanted === false : deepEqual(value, wanted);
    });
  };
}

function objectOf(value: unknown, where: string): Record<string, unknown> {
  if (!isPlainObject(value)) invalid(where, 'an object keyed by metadata key');
  return value as Record<string, unknown>;
}

function rangeCheck(ranges: Record<string, unknown>, where: string): (metadata: ToolMetadata) => boolean {
  for (const [key, range] of Object.entries(ranges)) {
    if (!isPlainObject(range)) invalid(`${where}.${key}`, '{ min?, max? }');
    checkKeys(range, ['min', 'max'], `${where}.${key}`);
    const { min, max } = range as { min?: unknown; max?: unknown };
    for (const bound of [min, max]) {
      if (bound !== undefined && (typeof bound !== 'number' || Number.isNaN(bound))) {
        invalid(`${where}.${key}`, '{ min?, max? } with numeric bounds');
      }
    }
  }
  return (metadata) =>
    Object.entries(ranges).every(([key, range]) => {
      const value = metadata[key];
      const { min, max } = range as { min?: number; max?: number };
      return (
        typeof value === 'number' &&
        !Number.isNaN(value) &&
        (min === undefined || value >= min) &&
        (max === undefined || value <= max)
      );
    });
}

function containsNeedle(value: unknown, needle: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => deepEqual(item, needle));
  if (typeof value === 'string' && typeof needle === 'string')
    return value.toLowerCase().includes(needle.toLowerCase());
  return false;
}

/** Structural equality of JSON-like values (arrays and plain objects compared by content). */
export function deepEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 32) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => deepEqual(item, other[index], depth + 1));
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key) =>
        Object.hasOwn(b, key) &&
        deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1),
    )
  );
}

export type { MetadataNeedle };
