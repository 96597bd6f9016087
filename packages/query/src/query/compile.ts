import type { AnyTool } from '@armorer/core';
import type { ResolvedSource } from '../index/index-cache';
import { rank } from '../index/rank';
import { metadataPredicate, riskPredicate } from './metadata-predicate';
import { checkKeys, invalid, isPlainObject } from './query-keys';
import { schemaHasKeys, schemaMatches } from './schema-predicates';
import { type ToolPredicate, tagsMatchAll, tagsMatchAny, tagsMatchNone } from './tag-predicates';
import { exactVerifier } from './text-predicate';
import { parseTextQuery } from './text-query';
import type { ToolCriteria } from './types';

export const CRITERIA_KEYS = ['text', 'tags', 'schema', 'metadata', 'risk', 'predicate', 'and', 'or', 'not'];

/**
 * Validates criteria and compiles them into one predicate (`undefined` when nothing filters). A text
 * criterion is evaluated through the source's index, except at the top level when `rankedText` is set: the
 * caller then ranks by it.
 */
export function compileCriteria(
  criteria: ToolCriteria,
  where: string,
  source: ResolvedSource,
  rankedText: boolean,
  extraKeys: readonly string[] = [],
): ToolPredicate | undefined {
  if (!isPlainObject(criteria)) invalid(where, 'an object of criteria');
  checkKeys(criteria, [...CRITERIA_KEYS, ...extraKeys], where);
  const checks: ToolPredicate[] = [];
  const { text, tags, schema, metadata, risk, predicate, and, or, not } = criteria;
  if (text !== undefined && !rankedText) {
    const parsed = parseTextQuery(text, `${where}.text`, 'contains');
    if (parsed !== undefined) {
      const index = source.index();
      const matched = new Set(rank(index, { ...parsed, verify: exactVerifier(index, parsed) }).docs);
      checks.push((tool) => matched.has(index.positionOf(tool)));
    }
  }
  if (tags !== undefined) {
    if (!isPlainObject(tags)) invalid(`${where}.tags`, 'an object { all?, any?, none? }');
    checkKeys(tags, ['all', 'any', 'none'], `${where}.tags`);
    if (tags.all !== undefined) checks.push(tagsMatchAll(tags.all));
    if (tags.any !== undefined) checks.push(tagsMatchAny(tags.any));
    if (tags.none !== undefined) checks.push(tagsMatchNone(tags.none));
  }
  if (schema !== undefined) {
    if (!isPlainObject(schema)) invalid(`${where}.schema`, 'an object { keys?, matches? }');
    checkKeys(schema, ['keys', 'matches'], `${where}.schema`);
    if (schema.keys !== undefined) checks.push(schemaHasKeys(schema.keys));
    if (schema.matches !== undefined) checks.push(schemaMatches(schema.matches));
  }
  if (metadata !== undefined) checks.push(metadataPredicate(metadata, `${where}.metadata`));
  if (risk !== undefined) checks.push(riskPredicate(risk, `${where}.risk`));
  if (predicate !== undefined) {
    if (typeof (predicate as unknown) !== 'function') invalid(`${where}.predicate`, 'a function');
    checks.push(predicate);
  }
  if (and !== undefined) {
    for (const check of group(and, `${where}.and`, source)) checks.push(check);
  }
  if (or !== undefined) {
    const options = group(or, `${where}.or`, source);
    checks.push((tool) => options.some((check) => check(tool)));
  }
  if (not !== undefined) {
    const excluded = group(Array.isArray(not) ? not : [not], `${where}.not`, source);
    checks.push((tool) => !excluded.some((check) => check(tool)));
  }
  if (checks.length === 0) return undefined;
  if (checks.length === 1) return checks[0];
  return (tool: AnyTool) => checks.every((check) => check(tool));
}

function group(list: unknown, where: string, source: ResolvedSource): ToolPredicate[] {
  if (!Array.isArray(list)) invalid(where, 'an array of criteria');
  return list.map(
    (criteria, index) => compileCriteria(criteria, `${where}[${index}]`, source, false) ?? (() => true),
  );
}
