import { loadBfcl } from './bfcl';
import { evaluateSet, type SetResult } from './evaluate-sets';
import { loadRetrievalSet, RETRIEVAL_SETS, type RetrievalSet } from './retrieval-sets';

/** BFCL categories pooled into one set: every function of the files, every question with its gold names. */
export function bfclSet(name: string, files: readonly string[]): RetrievalSet {
  const corpus = loadBfcl(files);
  return {
    name,
    tools: corpus.functions,
    queries: corpus.queries.map((query) => ({ id: query.id, query: query.question, gold: query.gold })),
  };
}

/** Every development set of the benchmark: the three retrieval sets and two BFCL pools. */
export function developmentSets(): RetrievalSet[] {
  return [
    ...RETRIEVAL_SETS.map((name) => loadRetrievalSet(name)),
    bfclSet('bfcl multiple+parallel', ['BFCL_v4_multiple.json', 'BFCL_v4_parallel_multiple.json']),
    bfclSet('bfcl simple_python', ['BFCL_v4_simple_python.json']),
  ];
}

/** Ranking quality of the default ranking against BM25 on every development set. */
export async function measureQuality(withParameters = false): Promise<SetResult[]> {
  const results: SetResult[] = [];
  for (const set of developmentSets()) results.push(await evaluateSet(set, withParameters));
  return results;
}
