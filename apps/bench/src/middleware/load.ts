/**
 * Middleware under load (not a timed test): the rate limiter with 100,000 distinct keys in one window
 * (its cost per call must not grow with the number of keys), and the cache's memory bound when every call
 * carries a 1 MB argument and returns a 100 KB result. Run: `bun run bench:middleware-load` from
 * apps/bench (`--quick` for a smoke run). Prints the figures and PASS/MISS markers; exit code 0 either way.
 */
import { createTool, createToolbox } from '@armorer/core';
import { createCacheMiddleware, createRateLimitMiddleware } from '@armorer/middleware';
import { z } from 'zod';
import { finishTargets, reportTarget } from '../targets';

const quick = process.argv.includes('--quick');

function heapMb(): number {
  Bun.gc(true);
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

async function rateLimiter(keys: number): Promise<{ perCallNs: number; activeKeys: number }> {
  let clock = 0;
  const limiter = createRateLimitMiddleware({
    limit: 5,
    windowMs: 60_000,
    now: () => clock,
    key: (params) => String(params.key),
  });
  const tool = createTool({
    name: 'lookup',
    description: 'Looks a key up',
    input: z.object({ key: z.string() }),
    async execute({ key }) {
      return key;
    },
  });
  const toolbox = createToolbox([tool], { middleware: [limiter] });
  const started = performance.now();
  for (let index = 0; index < keys; index++) {
    clock += 0.01;
    await toolbox.execute({ name: 'lookup', arguments: { key: `tenant-${index}` } });
  }
  return { perCallNs: ((performance.now() - started) * 1e6) / keys, activeKeys: limiter.activeKeys };
}

async function cacheBound(calls: number, maxBytes: number) {
  const tool = createTool({
    name: 'summarize',
    description: 'Summarizes a document',
    input: z.object({ document: z.string() }),
    async execute({ document }) {
      return { length: document.length, summary: document.slice(0, 100_000) };
    },
  });
  const cache = createCacheMiddleware({ maxEntries: 1000, maxBytes });
  const toolbox = createToolbox([tool], { middleware: [cache] });
  const before = heapMb();
  for (let index = 0; index < calls; index++) {
    const document = `${index}:`.padEnd(1_000_000, String.fromCharCode(97 + (index % 26)));
    await toolbox.execute({ name: 'summarize', arguments: { document } });
  }
  return { addedMb: heapMb() - before, entries: cache.size, bytesMb: cache.bytes / 1024 / 1024 };
}

await rateLimiter(2_000); // warm-up: the JIT, not the limiter
const small = await rateLimiter(quick ? 1_000 : 10_000);
const large = await rateLimiter(quick ? 10_000 : 100_000);
const growth = large.perCallNs / small.perCallNs;
console.log('rate limiter, distinct keys in one window');
console.log(`  ${quick ? 1_000 : 10_000} keys: ${small.perCallNs.toFixed(0)} ns per call`);
console.log(
  `  ${quick ? 10_000 : 100_000} keys: ${large.perCallNs.toFixed(0)} ns per call (${large.activeKeys} active keys)`,
);
reportTarget('rate limiter cost per call growth for 10x the keys', growth, { atMost: 2 }, '  ');

const maxBytes = 64 * 1024 * 1024;
const bound = await cacheBound(quick ? 50 : 1000, maxBytes);
console.log('cache, 1 MB arguments and 100 KB results per call, maxBytes 64 MiB');
console.log(
  `  ${bound.entries} entries, ${bound.bytesMb.toFixed(1)} MiB accounted, heap grew ${bound.addedMb.toFixed(1)} MB`,
);
reportTarget(
  'cache heap growth (2x the 64 MiB bound)',
  bound.addedMb,
  { atMost: 2 * 64, unit: ' MB', digits: 1 },
  '  ',
);
finishTargets();
