/**
 * The recall@5 ceiling of a development set for rankings that read only a tool's name and description.
 *
 * Tools that the ranking cannot tell apart must tie, and a tie is broken blindly (registration order, which
 * says nothing about the request). For each request the best such ranking takes whole groups of tied tools in
 * order of their share of gold tools, so the best expected recall@5 is a fractional knapsack: every group in
 * full while it fits in five places, then the remaining places of the next group times its gold share. Two
 * notions of "cannot tell apart", each an upper bound for its class of rankings:
 *
 * - text: the normalized texts are the same (name and description split at case changes and separators,
 *   lowercased, stemmed): no function of the text separates them.
 * - evidence: the tools hold the same request words the same number of times in the name and in the
 *   description; they differ only in words the request does not contain. A lexical ranking (any weights, any
 *   function of which request words match where) can separate them only by a prior over the other words
 *   (length, say), which the request gives no reason for. Words the tool lacks (a synonym or a world fact: "100
 *   euro in USD" for `currency_conversion`) are out of its reach too, so this bound is not one for rankings
 *   that bring outside knowledge (an embedder).
 *
 *   bun --conditions=@armorer/source apps/bench/src/search/ceiling.ts [--only=bfcl] [--show]
 */
import { tokens } from './okapi-bm25';
import { developmentSets } from './quality';
import { type RetrievalSet, toolName } from './retrieval-sets';

/** Plural, `-ing`, `-ed` and a final `-e` removed, a final `y` written `i` (as the ranking's own light stemmer
 * does), so inflections meet. */
export function lightStem(word: string): string {
  if (word.length < 4) return word;
  let out = word;
  if (out.endsWith('ies')) out = `${out.slice(0, -3)}y`;
  else if (out.endsWith('s') && !/(ss|us|is)$/.test(out)) out = out.slice(0, -1);
  if (out.endsWith('ing') && out.length > 5) out = out.slice(0, -3);
  else if (out.endsWith('ed') && out.length > 4) out = out.slice(0, -2);
  if (out.length > 3 && out.endsWith('e') && !out.endsWith('ee')) out = out.slice(0, -1);
  if (out.length > 3 && /[^aeiouy]y$/.test(out)) out = `${out.slice(0, -1)}i`;
  return out;
}

const terms = (text: string) => tokens(text).map(lightStem);

function counts(words: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const word of words) out.set(word, (out.get(word) ?? 0) + 1);
  return out;
}

/** The best expected |gold in top k| of a ranking that orders groups freely and ties inside a group. */
export function bestExpectedFound(groups: readonly { size: number; gold: number }[], k: number): number {
  const sorted = [...groups]
    .filter((group) => group.gold > 0)
    .sort((a, b) => b.gold / b.size - a.gold / a.size);
  let places = k;
  let found = 0;
  for (const group of sorted) {
    if (places <= 0) break;
    const taken = Math.min(places, group.size);
    found += (taken * group.gold) / group.size;
    places -= taken;
  }
  return found;
}

/** The tie groups that hold gold tools: each gold tool's group size (tools sharing its key) and gold count. */
function goldGroups(
  gold: ReadonlySet<number>,
  keyOf: (doc: number) => string,
  sizeOf: (key: string) => number,
): { size: number; gold: number }[] {
  const byKey = new Map<string, { size: number; gold: number }>();
  for (const doc of gold) {
    const key = keyOf(doc);
    const group = byKey.get(key) ?? { size: sizeOf(key), gold: 0 };
    group.gold++;
    byKey.set(key, group);
  }
  return [...byKey.values()];
}

/** Per request: the ceiling of recall@5 under each notion, and the gold tools tied with others. */
export interface Ceiling {
  readonly set: string;
  readonly queries: number;
  readonly textBound: number;
  readonly evidenceBound: number;
  /** Requests whose evidence bound is below 1, with their bound and why. */
  readonly limited: readonly { query: string; bound: number; gold: string; tied: number; empty: boolean }[];
  /** Gold tools (request, gold) sharing their normalized text with another tool. */
  readonly textTwins: number;
}

export function ceilingOf(set: RetrievalSet, k = 5): Ceiling {
  const names = set.tools.map((tool) => terms(tool.name));
  const descriptions = set.tools.map((tool) => terms(tool.description));
  const textKeys = set.tools.map(
    (_, doc) =>
      `${[...(names[doc] as string[])].sort().join(' ')}|${(descriptions[doc] as string[]).join(' ')}`,
  );
  const textSizes = counts(textKeys);
  const nameCounts = names.map(counts);
  const descriptionCounts = descriptions.map(counts);
  const postings = new Map<string, number[]>();
  set.tools.forEach((_, doc) => {
    for (const term of new Set([...(names[doc] as string[]), ...(descriptions[doc] as string[])]))
      postings.set(term, [...(postings.get(term) ?? []), doc]);
  });
  const docOf = new Map(set.tools.map((tool, doc) => [toolName(tool.name), doc]));
  let textSum = 0;
  let evidenceSum = 0;
  let textTwins = 0;
  const limited: Ceiling['limited'][number][] = [];
  for (const query of set.queries) {
    const gold = new Set(
      query.gold.map((name) => docOf.get(toolName(name))).filter((doc): doc is number => doc !== undefined),
    );
    const goldCount = query.gold.length;
    const textKey = (doc: number) => textKeys[doc] as string;
    const textSize = (key: string) => textSizes.get(key) ?? 1;
    textSum += bestExpectedFound(goldGroups(gold, textKey, textSize), k) / goldCount;
    for (const doc of gold) if (textSize(textKey(doc)) > 1) textTwins++;
    const asked = [...new Set(terms(query.query))].sort();
    const evidenceKey = (doc: number) =>
      asked
        .map((term) => `${nameCounts[doc]?.get(term) ?? 0}.${descriptionCounts[doc]?.get(term) ?? 0}`)
        .join(',');
    // Only the tools that hold a request word have a key of their own; the others share the empty one.
    const matching = new Set(asked.flatMap((term) => postings.get(term) ?? []));
    const evidenceSizes = counts([...matching].map(evidenceKey));
    const emptyKey = evidenceKey(-1);
    evidenceSizes.set(emptyKey, set.tools.length - matching.size);
    const evidenceSize = (key: string) => evidenceSizes.get(key) ?? 1;
    const found = bestExpectedFound(goldGroups(gold, evidenceKey, evidenceSize), k);
    evidenceSum += found / goldCount;
    if (found < goldCount - 1e-9) {
      for (const doc of gold) {
        const key = evidenceKey(doc);
        const tied = evidenceSize(key) - 1;
        if (tied > 0)
          limited.push({
            query: query.query,
            bound: found / goldCount,
            gold: toolName(set.tools[doc]?.name ?? ''),
            tied,
            empty: key === emptyKey,
          });
      }
    }
  }
  const count = Math.max(1, set.queries.length);
  return {
    set: set.name,
    queries: set.queries.length,
    textBound: textSum / count,
    evidenceBound: evidenceSum / count,
    limited,
    textTwins,
  };
}

if (import.meta.main) {
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const show = process.argv.includes('--show');
  for (const set of developmentSets()) {
    if (only !== undefined && !set.name.startsWith(only)) continue;
    const ceiling = ceilingOf(set);
    const requests = new Set(ceiling.limited.map((entry) => entry.query)).size;
    const empty = ceiling.limited.filter((entry) => entry.empty).length;
    console.log(
      `${set.name.padEnd(24)} R@5 ceiling: same text ${ceiling.textBound.toFixed(3)} (${ceiling.textTwins} gold tools share their text), same request evidence ${ceiling.evidenceBound.toFixed(3)} (${requests} requests limited; ${empty} gold tools hold no request word)`,
    );
    if (!show) continue;
    for (const entry of ceiling.limited)
      console.log(
        `  ${entry.bound.toFixed(2)} ${entry.gold} tied with ${entry.tied}${entry.empty ? ' (no request word)' : ''}: ${entry.query.replace(/\s+/g, ' ').slice(0, 140)}`,
      );
  }
}
