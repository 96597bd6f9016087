import { scoreDescriptionPhrases } from './description-phrases';
import { expandTerm, type TextMode } from './expand-term';
import { nameFeedback } from './feedback';
import { HitBuffers } from './hit-buffers';
import { nameCompounds } from './name-compounds';
import { scoreNamePairs } from './name-pairs';
import { MAX_QUERY_TERMS, type QueryTerm } from './query-terms';
import { FIELD_BITS, FIELD_COUNT, type SearchIndex } from './search-index';
import { rescoreBySegment, type TermHits } from './segment-scores';
import type { TermCandidate } from './vocabulary';

const K1 = 1.2;
const FIELD_MASK = (1 << FIELD_BITS) - 1;
/** A tool whose whole name is the query (`send email` for `send-email`) scores this many times more. */
const NAME_BOOST = 2;
/** A tool scores up to this fraction more as the query covers more of its name. */
const NAME_COVERAGE_BOOST = 0.25;
/**
 * A tool whose whole name (two terms or more) the request states, its terms in order among the request's
 * terms ("the weather forecast for Seattle" for `weather_forecast`), scores this fraction more: a tool named
 * by the request beats the tools whose longer names (`weather_forecast_humidity`) merely share the phrase.
 */
const STATED_NAME_BOOST = 0.5;
/**
 * A tool scores up to this fraction more as the query's own words (not typos, prefixes or synonyms) cover more
 * of its description: a request that restates a short description ("Calculate the roots of a quadratic
 * equation") names that tool more surely than one whose long description shares the same words among others.
 */
const DESCRIPTION_COVERAGE_BOOST = 0.5;

/** What to rank: the parsed query, how its words match, and the weight of each field. */
export interface RankRequest {
  readonly terms: readonly QueryTerm[];
  /** The query's terms in order, compared with each tool's analyzed name for the exact-name boost. */
  readonly key: string;
  readonly mode: TextMode;
  readonly threshold: number;
  /** One weight per field, in `TEXT_FIELDS` order; 0 leaves a field out. */
  readonly weights: readonly number[];
  /**
   * The clauses of a request for several things, as indices into `terms`: in `relevance` mode (matching any
   * term) each clause is also ranked on its own, so every clause's best tool comes first.
   */
  readonly segments?: readonly (readonly number[])[] | undefined;
  /** Every query term must match (otherwise any one is enough). */
  readonly requireAll: boolean;
  /** An extra check of a (document, term) match, e.g. letter-for-letter equality in `exact` mode. */
  readonly verify?: ((doc: number, term: QueryTerm) => boolean) | undefined;
  /**
   * The caller reads the result before it ranks this index again (no filter that could rank in between, no
   * await): the result is then written to buffers the index keeps instead of two new arrays sized by the
   * matches (thousands of entries each for a long request). Valid until the next ranking of the index.
   */
  readonly transient?: boolean | undefined;
}

/** The matching documents (unordered) and their scores. */
export interface RankResult {
  readonly docs: Int32Array;
  readonly scores: Float64Array;
  /** The index terms each query term was expanded to (what explaining a match reads again). */
  readonly expansions: ReadonlyMap<QueryTerm, readonly TermCandidate[]>;
}

interface Scratch {
  scores: Float64Array;
  matched: Int32Array;
  queryStamp: Int32Array;
  termStamp: Int32Array;
  termBest: Float64Array;
  /** Per document, how many query terms matched its name. */
  nameHits: Int32Array;
  /** Per document, whether the current term's best match was in the name. */
  termName: Uint8Array;
  /** Per document, how many query terms matched its description with the term itself. */
  descriptionHits: Int32Array;
  /** Per document, whether the current term itself is in its description. */
  termDescription: Uint8Array;
  /** The documents the query matched, in the order first matched. */
  touched: Int32Array;
  /** The documents the current term matched, in the order matched. */
  termDocs: Int32Array;
  /** Per-term hits of a request of several clauses, term after term (read only while ranking it). */
  hits: HitBuffers;
  /** The result of a transient ranking (see {@link RankRequest.transient}). */
  resultDocs: Int32Array;
  resultScores: Float64Array;
  query: number;
  term: number;
}

const scratches = new WeakMap<SearchIndex, Scratch>();

function scratchFor(index: SearchIndex): Scratch {
  const size = index.size;
  let scratch = scratches.get(index);
  if (scratch === undefined || scratch.scores.length < size) {
    const capacity = Math.max(size, Math.ceil((scratch?.scores.length ?? 0) * 1.5));
    scratch = {
      scores: new Float64Array(capacity),
      matched: new Int32Array(capacity),
      queryStamp: new Int32Array(capacity),
      termStamp: new Int32Array(capacity),
      termBest: new Float64Array(capacity),
      nameHits: new Int32Array(capacity),
      termName: new Uint8Array(capacity),
      descriptionHits: new Int32Array(capacity),
      termDescription: new Uint8Array(capacity),
      touched: new Int32Array(capacity),
      termDocs: new Int32Array(capacity),
      hits: new HitBuffers(capacity),
      resultDocs: new Int32Array(capacity),
      resultScores: new Float64Array(capacity),
      query: 0,
      term: 0,
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/** Scores every document that matches the query with BM25F; related terms count by their similarity. */
export function rank(index: SearchIndex, request: RankRequest): RankResult {
  const scratch = scratchFor(index);
  const query = ++scratch.query;
  const { scores, matched, queryStamp, termStamp, termBest, nameHits, termName, touched, termDocs } = scratch;
  const { descriptionHits, termDescription } = scratch;
  const norms = index.norms();
  const weights = request.weights;
  const describes = (weights[1] as number) > 0;
  const relevance = request.mode === 'relevance';
  const verify = request.verify;
  let touchedCount = 0;
  scratch.hits.clear();
  const terms = limitTerms(index, request.terms);
  const expansions = new Map<QueryTerm, readonly TermCandidate[]>();
  const segments = request.segments;
  const hits =
    request.mode === 'relevance' && !request.requireAll && segments !== undefined && segments.length > 1
      ? new Map<QueryTerm, TermHits>()
      : undefined;
  // Name words written together (`getrandompassword`) meet the request's words they are made of.
  const compounds =
    request.mode === 'relevance' && (weights[0] as number) > 0 ? nameCompounds(index) : undefined;
  for (const term of terms) {
    const stamp = ++scratch.term;
    let termCount = 0;
    const candidates = expandTerm(index, term, request.mode, request.threshold, terms.length);
    expansions.set(term, candidates);
    for (const candidate of candidates) {
      const postings = index.postings.get(candidate.term);
      if (postings === undefined) continue;
      const { docs, tfs } = postings;
      const weight = index.idf(docs.length) * candidate.similarity * saturatedWeight(term);
      for (let position = 0; position < docs.length; position++) {
        const doc = docs[position] as number;
        let packed = tfs[position] as number;
        let frequency = 0;
        for (let field = doc * FIELD_COUNT; packed !== 0; field++, packed >>>= FIELD_BITS) {
          const count = packed & FIELD_MASK;
          if (count !== 0)
            frequency += (weights[field - doc * FIELD_COUNT] as number) * count * (norms[field] as number);
        }
        if (frequency === 0) continue;
        if (verify !== undefined && !verify(doc, term)) continue;
        const score = (weight * frequency * (K1 + 1)) / (frequency + K1);
        // In relevance ranking a name is covered by the request's own words: a synonym or a typo match
        // (`tell` for `cell`) still scores, but does not make the name look asked for.
        const inName =
          (tfs[position] as number) & FIELD_MASK &&
          (weights[0] as number) > 0 &&
          (!relevance || candidate.term === term.term)
            ? 1
            : 0;
        const inDescription =
          describes && candidate.term === term.term && ((tfs[position] as number) >>> FIELD_BITS) & FIELD_MASK
            ? 1
            : 0;
        if (termStamp[doc] !== stamp) {
          termStamp[doc] = stamp;
          termBest[doc] = score;
          termName[doc] = inName;
          termDescription[doc] = inDescription;
          termDocs[termCount++] = doc;
        } else {
          if (score > (termBest[doc] as number)) termBest[doc] = score;
          if (inName === 1) termName[doc] = 1;
          if (inDescription === 1) termDescription[doc] = 1;
        }
      }
    }
    // A part of a compound name word counts as the word once in the name (no stem, typo or synonym).
    if (compounds !== undefined) {
      const compoundDocs = compounds.get(term.term);
      if (compoundDocs !== undefined) {
        const df = index.postings.get(term.term)?.docs.length ?? compoundDocs.length;
        const weight = index.idf(df) * saturatedWeight(term);
        const nameWeight = weights[0] as number;
        for (const doc of compoundDocs) {
          const frequency = nameWeight * (norms[doc * FIELD_COUNT] as number);
          const score = (weight * frequency * (K1 + 1)) / (frequency + K1);
          if (termStamp[doc] !== stamp) {
            termStamp[doc] = stamp;
            termBest[doc] = score;
            termName[doc] = 1;
            termDescription[doc] = 0;
            termDocs[termCount++] = doc;
          } else {
            if (score > (termBest[doc] as number)) termBest[doc] = score;
            termName[doc] = 1;
          }
        }
      }
    }
    if (hits !== undefined && termCount > 0) {
      hits.set(term, scratch.hits.append(termDocs, termCount, termBest, termName));
    }
    for (let at = 0; at < termCount; at++) {
      const doc = termDocs[at] as number;
      if (queryStamp[doc] !== query) {
        queryStamp[doc] = query;
        scores[doc] = 0;
        matched[doc] = 0;
        nameHits[doc] = 0;
        descriptionHits[doc] = 0;
        touched[touchedCount++] = doc;
      }
      scores[doc] = (scores[doc] as number) + (termBest[doc] as number);
      matched[doc] = (matched[doc] as number) + 1;
      nameHits[doc] = (nameHits[doc] as number) + (termName[doc] as number);
      descriptionHits[doc] = (descriptionHits[doc] as number) + (termDescription[doc] as number);
    }
  }
  // Request words in a row that are name terms in a row count once more (a phrase of the name).
  const phrased =
    request.mode === 'relevance' && (weights[0] as number) > 0
      ? scoreNamePairs(
          index,
          request.terms,
          request.key,
          segments,
          (doc) => queryStamp[doc] === query,
          scores,
          hits,
        )
      : { terms: request.terms, segments };
  const required = request.requireAll ? terms.length : 1;
  const docs = request.transient === true ? scratch.resultDocs : new Int32Array(touchedCount);
  const result = request.transient === true ? scratch.resultScores : new Float64Array(touchedCount);
  let count = 0;
  const spacedKey = ` ${request.key} `;
  for (let at = 0; at < touchedCount; at++) {
    const doc = touched[at] as number;
    if ((matched[doc] as number) < required) continue;
    docs[count] = doc;
    const nameLength = index.nameLength(doc);
    const coverage = nameLength === 0 ? 0 : Math.min(1, (nameHits[doc] as number) / nameLength);
    const exactName = request.key.length > 0 && index.nameKeys[doc] === request.key;
    // Only a name the request's own words cover in full is looked for among the request's terms.
    const statedName =
      relevance &&
      !exactName &&
      nameLength >= 2 &&
      (nameHits[doc] as number) >= nameLength &&
      spacedKey.includes(` ${index.nameKeys[doc]} `);
    const descriptionLength = index.descriptionLength(doc);
    const described =
      descriptionLength === 0 ? 0 : Math.min(1, (descriptionHits[doc] as number) / descriptionLength);
    result[count++] =
      (scores[doc] as number) *
      (1 + NAME_COVERAGE_BOOST * coverage) *
      (1 + DESCRIPTION_COVERAGE_BOOST * described) *
      (exactName ? NAME_BOOST : statedName ? 1 + STATED_NAME_BOOST : 1);
  }
  const ranked = { docs: docs.subarray(0, count), scores: result.subarray(0, count), expansions };
  if (hits !== undefined && segments !== undefined) {
    rescoreBySegment(
      index,
      phrased.terms,
      phrased.segments ?? segments,
      hits,
      ranked.docs,
      ranked.scores,
      NAME_COVERAGE_BOOST,
    );
  }
  // The name terms of the best tool raise the matching tools of its family (pseudo-relevance feedback).
  if (request.mode === 'relevance' && !request.requireAll) {
    nameFeedback(index, new Set(request.terms.map((term) => term.term)), ranked.docs, ranked.scores);
    // Request phrases in a description (`heart rate`), read again for the best tools only.
    if ((weights[1] as number) > 0) scoreDescriptionPhrases(index, request.key, ranked.docs, ranked.scores);
  }
  return ranked;
}

/**
 * BM25's query-term saturation (k3): a word said again adds less each time. Task prose repeats its subject
 * ("my appointment ... the appointment ID ... check my appointment"), which should not outweigh the other
 * things it asks for.
 */
const QUERY_K3 = 0.5;

/** A term's weight with its repetitions saturated: 1, 1.2, 1.29, ... times its weight per occurrence. */
function saturatedWeight(term: QueryTerm): number {
  return ((term.weight / term.count) * (QUERY_K3 + 1) * term.count) / (QUERY_K3 + term.count);
}

/** Queries with more distinct terms than the limit keep their rarest terms (unknown terms last). */
function limitTerms(index: SearchIndex, terms: readonly QueryTerm[]): readonly QueryTerm[] {
  if (terms.length <= MAX_QUERY_TERMS) return terms;
  const frequency = (term: QueryTerm) =>
    index.postings.get(term.term)?.docs.length ?? Number.POSITIVE_INFINITY;
  return [...terms].sort((a, b) => frequency(a) - frequency(b)).slice(0, MAX_QUERY_TERMS);
}
