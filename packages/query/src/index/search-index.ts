import type { AnyTool } from '@armorer/core';
import { analyzeShared, termOf } from '../text/analyze';
import { asciiWordSpans, tokenize, wordSpans } from '../text/tokenize';
import { collectToolTexts, TEXT_FIELDS } from '../tool/tool-text';
import { Vocabulary } from './vocabulary';
import { WordTable } from './word-table';

/** Number of searchable fields; term frequencies of all fields are packed into one 30-bit integer. */
export const FIELD_COUNT = TEXT_FIELDS.length;
export const FIELD_BITS = 5;
const MAX_TF = (1 << FIELD_BITS) - 1;
/** BM25 length normalization, the same for every field (each field against its own average length). */
const B = 0.75;
/** Texts up to this length are memoized per index when they recur (tags, keys, parameter descriptions). */
const SHARED_TEXT_LENGTH = 160;

/**
 * The documents containing one term (in index order), with the term's per-field frequencies packed per
 * document. Held in typed arrays that double as they fill: building the index of a large toolbox then makes
 * a few allocations per term instead of growing two JavaScript arrays per term by a push per document.
 * `docs` and `tfs` are views of exactly the documents posted so far (made again after an addition).
 */
export class Postings {
  readonly term: string;
  /** The term's number in its index (the order terms were first seen), or -1 outside an index. */
  readonly id: number;
  #docs = new Int32Array(4);
  #tfs = new Int32Array(4);
  #count = 0;
  #docsView: Int32Array | undefined;
  #tfsView: Int32Array | undefined;

  constructor(term: string, id = -1) {
    this.term = term;
    this.id = id;
  }

  /** Number of documents containing the term (its document frequency). */
  get size(): number {
    return this.#count;
  }

  get docs(): Int32Array {
    this.#docsView ??= this.#docs.subarray(0, this.#count);
    return this.#docsView;
  }

  get tfs(): Int32Array {
    this.#tfsView ??= this.#tfs.subarray(0, this.#count);
    return this.#tfsView;
  }

  /**
   * Counts one occurrence in `doc`, in the field whose count sits at bit `shift` (`increment` is
   * `1 << shift`). Documents are posted in increasing order; a field's count stops at its maximum. `limit`,
   * when above the current capacity, caps the next growth: a term cannot occur in more documents than the
   * index is about to hold, so a term in every tool ends at that many instead of the next power of two.
   */
  post(doc: number, increment: number, shift: number, limit = 0): void {
    const last = this.#count - 1;
    if (last >= 0 && this.#docs[last] === doc) {
      const tf = this.#tfs[last] as number;
      if (((tf >>> shift) & MAX_TF) < MAX_TF) this.#tfs[last] = tf + increment;
      return;
    }
    if (this.#count === this.#docs.length) this.#grow(limit);
    this.#docs[this.#count] = doc;
    this.#tfs[this.#count] = increment;
    this.#count++;
    this.#docsView = undefined;
    this.#tfsView = undefined;
  }

  #grow(limit: number): void {
    const length = this.#docs.length;
    const capacity = limit > length && limit < length * 2 ? limit : length * 2;
    const docs = new Int32Array(capacity);
    docs.set(this.#docs);
    this.#docs = docs;
    const tfs = new Int32Array(capacity);
    tfs.set(this.#tfs);
    this.#tfs = tfs;
  }
}

/**
 * The inverted index of a list of tools: postings per term with per-field frequencies (for BM25F), field
 * lengths, the analyzed name of every tool (for the exact-name boost) and the vocabulary. Tools are only ever
 * appended, in the order of the toolbox, so a toolbox's index grows with its registrations.
 */
export class SearchIndex {
  readonly tools: AnyTool[] = [];
  readonly postings = new Map<string, Postings>();
  /** The distinct terms (stems), for prefix and substring expansion. */
  readonly vocabulary = new Vocabulary();
  /** The distinct words as written (lowercased), for typo tolerance, with the term each stands for. */
  readonly surfaces = new Vocabulary();
  readonly termOfSurface = new Map<string, string>();
  readonly nameKeys: string[] = [];
  readonly #lengths: number[] = [];
  readonly #totals = new Float64Array(FIELD_COUNT);
  #norms = new Float32Array(0);
  #normsFor = -1;
  readonly #namePairs = new Map<string, number[]>();
  #namePairsFor = 0;
  /** Term by id (see {@link Postings.id}). */
  readonly #termById: string[] = [];
  /**
   * Every description's terms in order, as term ids, one description after the other (recorded while
   * indexing, so phrase matching does not analyze a description again); `#descriptionEnds[doc]` is where
   * the terms of `doc` end.
   */
  #descriptionIds = new Int32Array(1024);
  #descriptionIdCount = 0;
  readonly #descriptionEnds: number[] = [];
  /** The descriptions as term lists, made from the ids on first use. */
  readonly #descriptionTerms: (readonly string[] | undefined)[] = [];
  /** Tool -> position, built on first use (only nested text filters and hybrid fusion need it). */
  #positions: Map<AnyTool, number> | undefined;
  /** Word as written -> its postings (`null` for stopwords): one lookup per word while indexing. */
  readonly #wordPostings = new WordTable<Postings | null>();
  /** Recurring short text (tag, key, parameter description) -> the postings of its terms. */
  readonly #textPostings = new Map<string, readonly Postings[]>();
  /** The number of tools the index expects to hold (see {@link expect}): caps the growth of postings. */
  #expected = 0;
  /** Per-tool scratch, reused across additions. */
  readonly #texts: string[][] = TEXT_FIELDS.map(() => []);

  get size(): number {
    return this.tools.length;
  }

  /**
   * Announces that the index is about to hold `count` tools (a build of a whole list): postings then grow to
   * at most that many documents, not to the next power of two. Later additions grow them as usual.
   */
  expect(count: number): void {
    if (count > this.#expected) this.#expected = count;
  }

  /** The position of a tool in the index, or -1. */
  positionOf(tool: AnyTool): number {
    if (this.#positions === undefined) {
      const positions = new Map<AnyTool, number>();
      for (let position = 0; position < this.tools.length; position++)
        positions.set(this.tools[position] as AnyTool, position);
      this.#positions = positions;
    }
    return this.#positions.get(tool) ?? -1;
  }

  add(tool: AnyTool): void {
    const doc = this.tools.length;
    this.tools.push(tool);
    this.#positions?.set(tool, doc);
    const texts = this.#texts;
    for (const list of texts) list.length = 0;
    collectToolTexts(tool, texts);
    const lengths = this.#lengths;
    const totals = this.#totals;
    // Name and description are unique per tool: analyzed word by word (each word's postings memoized).
    for (let field = 0; field < 2; field++) {
      const length = this.#indexWords((texts[field] as string[])[0] as string, doc, field);
      lengths.push(length);
      totals[field] = (totals[field] as number) + length;
    }
    // Tags, keys and parameter descriptions recur across tools: analyzed once per distinct text.
    for (let field = 2; field < FIELD_COUNT; field++) {
      const increment = 1 << (field * FIELD_BITS);
      const shift = field * FIELD_BITS;
      const list = texts[field] as string[];
      let length = 0;
      for (let at = 0; at < list.length; at++) {
        const postingsList = this.#postingsOfSharedText(list[at] as string);
        length += postingsList.length;
        for (let term = 0; term < postingsList.length; term++)
          (postingsList[term] as Postings).post(doc, increment, shift, this.#expected);
      }
      lengths.push(length);
      totals[field] = (totals[field] as number) + length;
    }
  }

  /**
   * Posts every non-stopword word of a (unique) text for `doc` in `field`; returns the number of terms. For
   * the name, also records its key (the terms in order).
   */
  #indexWords(text: string, doc: number, field: number): number {
    const increment = 1 << (field * FIELD_BITS);
    const shift = field * FIELD_BITS;
    let length = 0;
    let key = '';
    const count = asciiWordSpans(text);
    // Non-ASCII text (folded, segmented) goes through the tokenizer, word by word.
    const words = count >= 0 ? undefined : tokenize(text);
    const spans = wordSpans();
    const total = words === undefined ? count : words.length;
    for (let at = 0; at < total; at++) {
      const postings =
        words === undefined
          ? this.#postingsOfWord(text, spans[at * 2] as number, spans[at * 2 + 1] as number)
          : this.#postingsOfWord(words[at] as string);
      if (postings === null) continue;
      if (field === 0) key = length === 0 ? postings.term : `${key} ${postings.term}`;
      else this.#recordDescriptionTerm(postings.id);
      length++;
      postings.post(doc, increment, shift, this.#expected);
    }
    if (field === 0) this.nameKeys.push(key);
    else this.#descriptionEnds.push(this.#descriptionIdCount);
    return length;
  }

  /**
   * The postings of a word, or `null` for a stopword: `source.slice(start, end)` lowercased, or without
   * bounds a word as {@link tokenize} gives it.
   */
  #postingsOfWord(source: string, start = -1, end = -1): Postings | null {
    const table = this.#wordPostings;
    const entry = start < 0 ? table.find(source, 0, source.length) : table.find(source, start, end);
    if (entry >= 0) return table.valueAt(entry);
    const word = start < 0 ? source : source.slice(start, end).toLowerCase();
    const term = termOf(word);
    const postings = term === null ? null : this.#postingsOf(term);
    table.add(word, postings);
    if (term !== null) this.#addSurface(word, term);
    return postings;
  }

  #recordDescriptionTerm(id: number): void {
    if (this.#descriptionIdCount === this.#descriptionIds.length) {
      const grown = new Int32Array(this.#descriptionIds.length * 2);
      grown.set(this.#descriptionIds);
      this.#descriptionIds = grown;
    }
    this.#descriptionIds[this.#descriptionIdCount++] = id;
  }

  /** The postings of the terms of a short recurring text, memoized per index. */
  #postingsOfSharedText(text: string): readonly Postings[] {
    let postings = this.#textPostings.get(text);
    if (postings === undefined) {
      postings = analyzeShared(text).map((term) => this.#postingsOf(term));
      if (text.length <= SHARED_TEXT_LENGTH) this.#textPostings.set(text, postings);
      for (const word of tokenize(text)) {
        const term = termOf(word);
        if (term !== null) this.#addSurface(word, term);
      }
    }
    return postings;
  }

  #addSurface(word: string, term: string): void {
    if (this.termOfSurface.has(word)) return;
    this.termOfSurface.set(word, term);
    this.surfaces.add(word);
  }

  #postingsOf(term: string): Postings {
    let postings = this.postings.get(term);
    if (postings === undefined) {
      postings = new Postings(term, this.#termById.length);
      this.#termById.push(term);
      this.postings.set(term, postings);
      this.vocabulary.add(term);
    }
    return postings;
  }

  /**
   * Per document and field, `1 / (1 - b + b * length / averageLength)`; recomputed after additions (every
   * norm moves with the averages) into the same buffer while it is large enough, so registering tools one at
   * a time does not allocate a new array of all the norms before each query. Entries past the last document
   * are not norms.
   */
  norms(): Float32Array {
    const count = this.tools.length;
    if (this.#normsFor === count) return this.#norms;
    if (this.#norms.length < count * FIELD_COUNT)
      this.#norms = new Float32Array(Math.ceil(count * 1.25) * FIELD_COUNT);
    const norms = this.#norms;
    for (let field = 0; field < FIELD_COUNT; field++) {
      const average = (this.#totals[field] as number) / Math.max(count, 1) || 1;
      for (let doc = 0; doc < count; doc++) {
        const length = this.#lengths[doc * FIELD_COUNT + field] as number;
        norms[doc * FIELD_COUNT + field] = 1 / (1 - B + (B * length) / average);
      }
    }
    this.#normsFor = count;
    return norms;
  }

  /**
   * Two name terms in a row (`world rank` of `world_ranking`) -> the tools whose names have them, in index
   * order. Built from the names' keys on first use and extended after additions: only relevance ranking reads
   * it, so building the index for other queries does not pay for it.
   */
  namePairs(): ReadonlyMap<string, readonly number[]> {
    const pairs = this.#namePairs;
    for (let doc = this.#namePairsFor; doc < this.nameKeys.length; doc++) {
      const terms = (this.nameKeys[doc] as string).split(' ');
      for (let at = 1; at < terms.length; at++) {
        const pair = `${terms[at - 1]} ${terms[at]}`;
        const docs = pairs.get(pair);
        if (docs === undefined) pairs.set(pair, [doc]);
        else if (docs[docs.length - 1] !== doc) docs.push(doc);
      }
    }
    this.#namePairsFor = this.nameKeys.length;
    return pairs;
  }

  /**
   * A tool's description as its terms in order (what `analyze` gives), made on first use from the term ids
   * recorded while indexing, and kept (phrase matching reads it).
   */
  descriptionTerms(doc: number): readonly string[] {
    let terms = this.#descriptionTerms[doc];
    if (terms === undefined) {
      const end = this.#descriptionEnds[doc];
      if (end === undefined) return [];
      const start = doc === 0 ? 0 : (this.#descriptionEnds[doc - 1] as number);
      const ids = this.#descriptionIds;
      const byId = this.#termById;
      const list: string[] = [];
      for (let at = start; at < end; at++) list.push(byId[ids[at] as number] as string);
      terms = list;
      this.#descriptionTerms[doc] = terms;
    }
    return terms;
  }

  /** Number of terms in a tool's description (stopwords aside, repeats counted). */
  descriptionLength(doc: number): number {
    return this.#lengths[doc * FIELD_COUNT + 1] as number;
  }

  /** Number of terms in a tool's name. */
  nameLength(doc: number): number {
    return this.#lengths[doc * FIELD_COUNT] as number;
  }

  /** Inverse document frequency of a term that occurs in `documentFrequency` documents (BM25, never < 0). */
  idf(documentFrequency: number): number {
    const count = this.tools.length;
    return Math.log(1 + (count - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }
}
