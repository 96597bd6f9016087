import type { AnyTool, ToolConfiguration, ToolMetadata, ToolRisk, ZodToolInput } from '@armorer/core';
import type { TextMode } from '../index/expand-term';
import type { TextField } from '../tool/tool-text';

/** What the query functions accept: a toolbox, an array of tools, or any iterable of tools. */
export type ToolSource<TTool extends AnyTool = AnyTool> =
  | { tools(): readonly TTool[] }
  | readonly TTool[]
  | Iterable<TTool>;

/**
 * A text criterion: a string (words matched with `contains`), or the query with its options. A tool matches
 * when any query word matches one of its fields (`match: 'all'`: every word); matches are ranked by BM25F.
 *
 * @example
 * ```ts
 * const text: TextQuery = { query: 'wether', mode: 'fuzzy', threshold: 0.7, fields: ['name', 'description'] };
 * ```
 */
export type TextQuery =
  | string
  | {
      readonly query: string;
      /** How words match; default `contains`. See {@link TextMode}. */
      readonly mode?: TextMode;
      /** The fields searched; default all. */
      readonly fields?: readonly TextField[];
      /** Relative weight of each field (0 leaves it out); defaults: name 3, tags 2, others 1, metadata keys 0.25. */
      readonly weights?: Readonly<Partial<Record<TextField, number>>>;
      /** `fuzzy` mode: minimum similarity (0 to 1) of a word and a tool word; default 0.7. */
      readonly threshold?: number;
      /** `any` (default): one matching word is enough; `all`: every word must match. */
      readonly match?: 'any' | 'all';
    };

/** Tag criteria, case-insensitive: the tool has all of `all`, at least one of `any`, none of `none`. */
export interface TagQuery {
  readonly all?: readonly string[];
  readonly any?: readonly string[];
  readonly none?: readonly string[];
}

/** Schema criteria: the tool's input has every key of `keys` / a shape compatible with `matches`. */
export interface SchemaQuery {
  readonly keys?: readonly string[];
  readonly matches?: ZodToolInput;
}

/** A value `metadata.contains` looks for: a substring of a string, or an element of an array. */
export type MetadataNeedle = string | number | boolean | null;

/** Metadata criteria; every given one must hold. */
export interface MetadataQuery {
  /** Keys that are present (with a value other than `undefined`). */
  readonly has?: readonly string[];
  /** Keys whose values are equal (deep equality for arrays and plain objects). */
  readonly eq?: Readonly<Record<string, unknown>>;
  /** Keys whose string value contains the needle (case-insensitive) or whose array holds it (each of a list). */
  readonly contains?: Readonly<Record<string, MetadataNeedle | readonly MetadataNeedle[]>>;
  /** Keys whose string value starts with the prefix (case-insensitive). */
  readonly startsWith?: Readonly<Record<string, string>>;
  /** Keys whose numeric value lies in the inclusive range. */
  readonly range?: Readonly<Record<string, { readonly min?: number; readonly max?: number }>>;
  /** Any custom check of the metadata (`{}` when the tool has none). */
  readonly predicate?: (metadata: ToolMetadata) => boolean;
}

/**
 * Risk criteria: each flag equals the given value. An absent boolean flag counts as `false`, so
 * `{ untrustedOutput: false }` matches every tool not flagged.
 */
export type RiskQuery = Readonly<Partial<Record<keyof ToolRisk & string, unknown>>>;

/** Filters; every given criterion must hold (AND), `or` needs one of its entries, `not` none of them. */
export interface ToolCriteria {
  readonly text?: TextQuery;
  readonly tags?: TagQuery;
  readonly schema?: SchemaQuery;
  readonly metadata?: MetadataQuery;
  readonly risk?: RiskQuery;
  readonly predicate?: (tool: AnyTool) => boolean;
  readonly and?: readonly ToolCriteria[];
  readonly or?: readonly ToolCriteria[];
  readonly not?: ToolCriteria | readonly ToolCriteria[];
}

/** What each result is: the tool, its name, its configuration, or a {@link ToolSummary}. */
export type ToolSelection = 'tool' | 'name' | 'configuration' | 'summary';

/**
 * A query: criteria, plus selection and paging.
 *
 * @example
 * ```ts
 * const query: ToolQuery = { text: 'invoice', tags: { none: ['internal'] }, select: 'summary', limit: 10 };
 * ```
 */
export interface ToolQuery extends ToolCriteria {
  readonly select?: ToolSelection;
  /** At most this many results (a non-negative integer). */
  readonly limit?: number;
  /** Skip this many results first (a non-negative integer). */
  readonly offset?: number;
}

/** A compact, JSON-friendly view of a tool; `score` is present when a text criterion ranked the results. */
export interface ToolSummary {
  readonly name: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly metadata?: ToolMetadata;
  readonly risk?: ToolRisk;
  readonly score?: number;
}

/** The result type of a query, by its `select`. */
export type QueryResult<
  TTool extends AnyTool,
  TSelect extends ToolSelection | undefined,
> = TSelect extends 'name'
  ? TTool['name']
  : TSelect extends 'configuration'
    ? ToolConfiguration
    : TSelect extends 'summary'
      ? ToolSummary
      : TTool;

/** The `select` of a query type (`undefined` when it has none). */
export type SelectOf<TQuery> = TQuery extends { readonly select?: infer TSelect } ? TSelect : undefined;
