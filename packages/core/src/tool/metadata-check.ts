import type { KnownMetadataKey } from './metadata';

/*
 * The compile-time twin of `misspelledMetadataKey` (./metadata): a free-form metadata key that looks like a
 * misspelled known key fails `tsc` at the key, the way an excess property does. Same rule at run time and
 * here: compare in lower case without `_`/`-` and a leading `is`, and allow 1 edit (insertion, deletion,
 * substitution, adjacent transposition) for known keys under 8 characters, 2 from 8 on.
 */

type StripSeparators<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? StripSeparators<`${Head}${Tail}`>
  : S extends `${infer Head}-${infer Tail}`
    ? StripSeparators<`${Head}${Tail}`>
    : S;

type NormalizedKey<S extends string> =
  StripSeparators<Lowercase<S>> extends `is${infer Rest extends `${string}${string}`}`
    ? Rest extends ''
      ? StripSeparators<Lowercase<S>>
      : Rest
    : StripSeparators<Lowercase<S>>;

type LengthOf<S extends string, Count extends unknown[] = []> = S extends `${string}${infer Rest}`
  ? LengthOf<Rest, [...Count, 0]>
  : Count['length'];

/** Whether `A` is within as many edits of `B` as `Budget` has elements. */
type WithinEdits<A extends string, B extends string, Budget extends unknown[]> = A extends B
  ? true
  : Budget extends [unknown, ...infer Left]
    ? A extends `${infer HeadA}${infer TailA}`
      ? B extends `${infer HeadB}${infer TailB}`
        ? HeadA extends HeadB
          ? WithinEdits<TailA, TailB, Budget>
          : WithinEdits<TailA, TailB, Left> extends true
            ? true
            : WithinEdits<TailA, B, Left> extends true
              ? true
              : WithinEdits<A, TailB, Left> extends true
                ? true
                : TailA extends `${HeadB}${infer RestA}`
                  ? TailB extends `${HeadA}${infer RestB}`
                    ? WithinEdits<RestA, RestB, Left>
                    : false
                  : false
        : WithinEdits<TailA, '', Left>
      : B extends `${string}${infer TailB}`
        ? WithinEdits<'', TailB, Left>
        : false
    : false;

type BudgetOf<Known extends string> = LengthOf<Known> extends 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 ? [0] : [0, 0];

/**
 * The known metadata key `K` looks like a misspelling of, or `never` for a known key and for a free-form
 * key that resembles none.
 *
 * @example
 * ```ts
 * type A = MetadataNearMiss<'mutate'>; // 'mutates'
 * type B = MetadataNearMiss<'tier'>; // never
 * ```
 */
export type MetadataNearMiss<K extends string> = K extends KnownMetadataKey
  ? never
  : KnownMetadataKey extends infer Known extends KnownMetadataKey
    ? Known extends unknown
      ? WithinEdits<NormalizedKey<K>, Lowercase<Known>, BudgetOf<Known>> extends true
        ? Known
        : never
      : never
    : never;

/**
 * Checks the metadata literal given to `createTool`: a key that looks like a misspelled known key gets a
 * type no value has, so `tsc` reports it at the key with the message to act on; every other key keeps its
 * own type (known keys are typed by {@link ToolMetadata}).
 */
export type CheckedMetadata<TMetadata> = {
  readonly [K in keyof TMetadata]: K extends string
    ? [MetadataNearMiss<K>] extends [never]
      ? TMetadata[K]
      : `metadata key "${K}" is not one armorer reads: did you mean "${MetadataNearMiss<K>}"?`
    : TMetadata[K];
};
