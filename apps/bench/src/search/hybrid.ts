import { createToolbox } from '@armorer/core';
import { describeToolForEmbedding, searchTools } from '@armorer/query';
import { createCorpusEmbedder } from './corpus-embedder';
import { type RankingQuality, rankingQuality } from './metrics';
import { developmentSets } from './quality';
import { type RetrievalSet, setTool, toolName } from './retrieval-sets';

/** The lexical and the hybrid ranking of one set, over the same requests. */
export interface HybridResult {
  readonly set: string;
  readonly queries: number;
  readonly lexical: RankingQuality;
  readonly hybrid: RankingQuality;
}

/**
 * Weight of the cosine similarity in the hybrid ranking measured here: the stand-in embedder is weak beside a
 * trained model (whose default weight is `searchTools`' 0.5), so it gets a fifth of the say.
 */
export const HYBRID_WEIGHT = 0.2;

async function rankAll(
  set: RetrievalSet,
  run: (query: string) => Promise<readonly { name: string }[]>,
): Promise<RankingQuality> {
  const rankings: string[][] = [];
  for (const query of set.queries) rankings.push((await run(query.query)).map((match) => match.name));
  return rankingQuality(
    set.queries.map((query) => query.gold.map(toolName)),
    rankings,
  );
}

/**
 * Lexical against hybrid ranking (the data-built {@link createCorpusEmbedder}, `semanticWeight`
 * {@link HYBRID_WEIGHT}) on every development set; every `stride`-th request keeps the run short.
 */
export async function measureHybrid(
  stride = 3,
  sets: readonly RetrievalSet[] = developmentSets(),
): Promise<HybridResult[]> {
  const results: HybridResult[] = [];
  for (const full of sets) {
    const set = { ...full, queries: full.queries.filter((_, index) => index % stride === 0) };
    // The embedder learns from the whole catalog text, parameters included (never from the requests); the
    // toolbox indexes and embeds name and description only, as the lexical ranking it is compared with.
    const embedder = createCorpusEmbedder(
      set.tools.map((tool) => describeToolForEmbedding(setTool(tool, true))),
    );
    const toolbox = createToolbox(
      set.tools.map((tool) => setTool(tool, false)),
      { embedder },
    );
    const lexical = await rankAll(set, (query) =>
      searchTools(toolbox, { query, limit: 10, semantic: false }),
    );
    const hybrid = await rankAll(set, (query) =>
      searchTools(toolbox, { query, limit: 10, semanticWeight: HYBRID_WEIGHT }),
    );
    results.push({ set: set.name, queries: set.queries.length, lexical, hybrid });
  }
  return results;
}
