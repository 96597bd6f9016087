/**
 * Studies the misses of the default ranking: per development set, R@5 of ours and of Okapi BM25, and with
 * `--show=<set>` every request whose gold tools are not all in our top 5, with what outranks them. A tool for
 * studying the ranking, not a benchmark.
 *
 *   bun --conditions=@armorer/source apps/bench/src/search/misses.ts [--show=apibank] [--parameters]
 */
import { createToolbox } from '@armorer/core';
import { searchTools } from '@armorer/query';
import { rankingQuality } from './metrics';
import { OkapiBm25 } from './okapi-bm25';
import { developmentSets } from './quality';
import { setTool, toolName } from './retrieval-sets';

const show = process.argv.find((arg) => arg.startsWith('--show='))?.slice('--show='.length);
const withParameters = process.argv.includes('--parameters');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

for (const set of developmentSets()) {
  if (only !== undefined && !set.name.startsWith(only)) continue;
  const toolbox = createToolbox(set.tools.map((tool) => setTool(tool, withParameters)));
  const bm25 = new OkapiBm25(set.tools.map((tool) => `${tool.name} ${tool.description}`));
  const golds = set.queries.map((query) => query.gold.map(toolName));
  const ours: string[][] = [];
  const theirs: string[][] = [];
  for (const query of set.queries) {
    const matches = await searchTools(toolbox, { query: query.query, limit: 10 });
    ours.push(matches.map((match) => match.name));
    theirs.push(bm25.top(query.query, 10).map((doc) => toolName(set.tools[doc]?.name ?? '')));
  }
  const a = rankingQuality(golds, ours);
  const b = rankingQuality(golds, theirs);
  console.log(
    `${set.name.padEnd(24)} ours R@1 ${a.at1.toFixed(3)} R@5 ${a.at5.toFixed(3)} MRR ${a.mrr10.toFixed(3)} | BM25 R@5 ${b.at5.toFixed(3)} | margin ${(a.at5 - b.at5).toFixed(3)}`,
  );
  if (show === undefined || !set.name.startsWith(show)) continue;
  set.queries.forEach((query, at) => {
    const gold = golds[at] as string[];
    const top5 = (ours[at] as string[]).slice(0, 5);
    const missing = gold.filter((name) => !top5.includes(name));
    if (missing.length === 0) return;
    const bmTop5 = (theirs[at] as string[]).slice(0, 5);
    const bmFound = missing.filter((name) => bmTop5.includes(name));
    console.log(`\n[${at}] ${query.query.replace(/\s+/g, ' ').slice(0, 400)}`);
    console.log(
      `  missing: ${missing.join(', ')}${bmFound.length > 0 ? `  (BM25 has ${bmFound.join(', ')})` : ''}`,
    );
    console.log(`  ours:    ${(ours[at] as string[]).slice(0, 8).join(', ')}`);
  });
}
