import { type AnyTool, createTool, createToolbox } from '@armorer/core';
import { queryTools, reindexSearchIndex, searchTools } from '@armorer/query';
import { syntheticToolConfig } from '../synthetic-tools';
import { threadTimes, threadTimesSince } from './thread-time';

/** Requests an agent might make of a large SaaS toolbox, and the same with typos. */
const QUERIES = [
  'create jira issue',
  'list slack messages',
  'refund stripe invoice',
  'search github pull requests',
  'summarize incident report',
  'delete postgres record',
  'notify pagerduty alert',
  'assign zendesk ticket',
];
const TYPOS = [
  'creat jira isue',
  'slak mesages',
  'refnd strpe invoce',
  'sumarize incidnt',
  'notfy pagerduty alrt',
];

function settledHeap(): number {
  Bun.gc(true);
  Bun.gc(true);
  return process.memoryUsage().heapUsed;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

function time(
  runs: number,
  queries: readonly string[],
  run: (query: string) => unknown,
): { p50: number; p99: number } {
  const samples: number[] = [];
  for (let round = 0; round < runs; round++) {
    for (const query of queries) {
      const started = performance.now();
      run(query);
      samples.push(performance.now() - started);
    }
  }
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}

/** Every figure of one scale run. */
export interface SpeedResult {
  readonly tools: number;
  readonly buildMs: number;
  /** CPU time of the build (this process, every thread): what the build costs, without waiting for a core. */
  readonly buildCpuMs: number;
  /**
   * The build's time on a core in the main thread, and the time it was runnable but waited for one (Linux;
   * `undefined` elsewhere): the wall time is about their sum, so the wait is the load of other processes.
   */
  readonly buildThread: { readonly runMs: number; readonly waitMs: number } | undefined;
  readonly rebuildMs: number;
  readonly indexBytes: number;
  readonly contains: { p50: number; p99: number };
  readonly containsAll: { p50: number; p99: number };
  readonly relevance: { p50: number; p99: number };
  readonly fuzzy: { p50: number; p99: number };
  readonly incrementalMs: number;
  readonly terms: number;
}

/** Builds the index of `count` synthetic tools and times queries against it. */
export async function measureSpeed(count: number, runs: number): Promise<SpeedResult> {
  const tools: AnyTool[] = Array.from({ length: count }, (_, index) =>
    createTool(syntheticToolConfig(index)),
  );
  const toolbox = createToolbox(tools);
  const before = settledHeap();
  const cpuStarted = process.cpuUsage();
  const threadStarted = threadTimes();
  const started = performance.now();
  // The first query builds the index (reading parameter names and descriptions from the schemas' shapes).
  queryTools(toolbox, { text: 'warm', limit: 1 });
  const buildMs = performance.now() - started;
  const buildThread = threadTimesSince(threadStarted);
  const cpu = process.cpuUsage(cpuStarted);
  const buildCpuMs = (cpu.user + cpu.system) / 1000;
  const indexBytes = settledHeap() - before;

  const rebuildStarted = performance.now();
  const { terms } = reindexSearchIndex(toolbox, { embeddings: false });
  const rebuildMs = performance.now() - rebuildStarted;

  const contains = time(runs, QUERIES, (query) => queryTools(toolbox, { text: query, limit: 10 }));
  const containsAll = time(Math.max(1, runs >> 2), QUERIES, (query) => queryTools(toolbox, { text: query }));
  // searchTools is async only for embeddings; without an embedder its work is synchronous.
  const relevance = time(runs, QUERIES, (query) => void searchTools(toolbox, { query, limit: 10 }));
  const fuzzy = time(runs, TYPOS, (query) =>
    queryTools(toolbox, { text: { query, mode: 'fuzzy', threshold: 0.7 }, limit: 10 }),
  );

  toolbox.register(createTool(syntheticToolConfig(count)));
  const incrementalStarted = performance.now();
  const found = queryTools(toolbox, { text: 'create jira issue', limit: 10 });
  const incrementalMs = performance.now() - incrementalStarted;
  if (found.length === 0 || toolbox.size !== count + 1)
    throw new Error('the query after registration found nothing');
  await Promise.resolve();
  return {
    tools: count,
    buildMs,
    buildCpuMs,
    buildThread,
    rebuildMs,
    indexBytes,
    contains,
    containsAll,
    relevance,
    fuzzy,
    incrementalMs,
    terms,
  };
}
