import { MAX_QUERY_LENGTH, QueryError } from '../errors/query-error';
import type { TextMode } from '../index/expand-term';
import { parseQuery, type QueryTerm } from '../index/query-terms';
import { TEXT_FIELDS, type TextField } from '../tool/tool-text';
import { checkKeys, invalid, isPlainObject } from './query-keys';
import type { TextQuery } from './types';

/**
 * Default field weights: a word in the name counts three times one in the description.
 *
 * @example
 * ```ts
 * queryTools(toolbox, { text: { query: 'deploy', weights: { ...DEFAULT_WEIGHTS, tags: 4 } } });
 * ```
 */
export const DEFAULT_WEIGHTS: Readonly<Record<TextField, number>> = {
  name: 3,
  description: 1,
  tags: 2,
  schemaKeys: 1,
  schemaDescriptions: 1,
  metadataKeys: 0.25,
};

const MODES: readonly TextMode[] = ['contains', 'exact', 'fuzzy', 'relevance'];
const TEXT_KEYS = ['query', 'mode', 'fields', 'weights', 'threshold', 'match'];

/** A validated text criterion, parsed into terms. */
export interface ParsedText {
  readonly query: string;
  readonly terms: readonly QueryTerm[];
  readonly key: string;
  /** The clauses of a request for several things, as indices into `terms` (ranked on their own too). */
  readonly segments: readonly (readonly number[])[];
  readonly mode: TextMode;
  readonly weights: readonly number[];
  readonly threshold: number;
  readonly requireAll: boolean;
}

/** Validates and parses a text criterion. Returns `undefined` for a query without words (matches all). */
export function parseTextQuery(
  text: TextQuery,
  where: string,
  defaultMode: TextMode,
): ParsedText | undefined {
  const options = typeof text === 'string' ? { query: text } : text;
  if (!isPlainObject(options))
    invalid(where, 'a string or { query, mode?, fields?, weights?, threshold?, match? }');
  checkKeys(options, TEXT_KEYS, where);
  const { query, mode = defaultMode, fields, weights, threshold = 0.7, match = 'any' } = options;
  if (typeof query !== 'string') invalid(`${where}.query`, 'a string');
  if (query.length > MAX_QUERY_LENGTH) {
    throw new QueryError({
      code: 'QUERY_TOO_LONG',
      message: `${where} is ${query.length} characters long; at most ${MAX_QUERY_LENGTH} are accepted.`,
    });
  }
  if (!MODES.includes(mode)) invalid(`${where}.mode`, `one of ${MODES.join(', ')}`);
  if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1))
    invalid(`${where}.threshold`, 'a number from 0 to 1');
  if (match !== 'any' && match !== 'all') invalid(`${where}.match`, '"any" or "all"');
  const { terms, key, segments } = parseQuery(query);
  if (terms.length === 0) return undefined;
  return {
    query,
    terms,
    key,
    segments,
    mode,
    weights: fieldWeights(fields, weights, where),
    threshold,
    requireAll: match === 'all',
  };
}

function fieldWeights(fields: unknown, weights: unknown, where: string): number[] {
  if (fields !== undefined) {
    if (!Array.isArray(fields) || fields.some((field) => !TEXT_FIELDS.includes(field as TextField))) {
      invalid(`${where}.fields`, `an array of ${TEXT_FIELDS.join(', ')}`);
    }
  }
  if (weights !== undefined) {
    if (!isPlainObject(weights)) invalid(`${where}.weights`, 'an object of field weights');
    checkKeys(weights, TEXT_FIELDS, `${where}.weights`);
    for (const [field, weight] of Object.entries(weights)) {
      if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
        invalid(`${where}.weights.${field}`, 'a finite number >= 0');
      }
    }
  }
  const chosen = fields as readonly TextField[] | undefined;
  const custom = weights as Partial<Record<TextField, number>> | undefined;
  return TEXT_FIELDS.map((field) =>
    chosen !== undefined && !chosen.includes(field) ? 0 : (custom?.[field] ?? DEFAULT_WEIGHTS[field]),
  );
}
