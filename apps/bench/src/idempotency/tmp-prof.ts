import { createIdempotencyCases } from './cases';

const cases = createIdempotencyCases();
const N = 20000;
const best: Record<string, number> = {};
for (let r = 0; r < 15; r++) {
  for (const c of cases) {
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await c.run();
    const per = ((performance.now() - t0) * 1e6) / N;
    best[c.key] = Math.min(best[c.key] ?? Infinity, per);
  }
}
console.log(Object.fromEntries(Object.entries(best).map(([k, v]) => [k, Math.round(v)])));
