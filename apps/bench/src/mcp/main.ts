/**
 * MCP server overhead: one `tools/call` over an in-memory transport through `createMCP` (validation,
 * policy, events and result mapping in the armorer pipeline) against the same tool registered directly
 * with the SDK's `McpServer.registerTool`, in each protocol era: the 2025 era with the v1 `Client` (armorer
 * served by the v2 packages, its default, and by the v1 package), and the 2026-07-28 era with the v2
 * `Client`, all in the same run. Rounds are interleaved and the best mean per case is kept, so a busy
 * machine skews the ratios less. Prints the figures and a PASS/MISS marker per era against the budget;
 * the exit code is 0 either way.
 *
 *   bun --conditions=@armorer/source apps/bench/src/mcp/main.ts [--quick]
 */

import { finishTargets, reportTarget } from '../targets';
import { armorerCase, armorerModernCase, type McpCase, sdkCase, sdkModernCase } from './cases';

/** `createMCP` per call, at most this multiple of the SDK's own `registerTool`. */
const TARGET_RATIO = 1.3;
const quick = process.argv.includes('--quick');
const rounds = quick ? 2 : 7;
const callsPerRound = quick ? 300 : 3000;

async function meanMicroseconds(benchCase: McpCase): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < callsPerRound; index++) await benchCase.call();
  return ((performance.now() - started) * 1000) / callsPerRound;
}

const cases = [
  await sdkCase(),
  await armorerCase('v2'),
  await armorerCase('v1'),
  await sdkModernCase(),
  await armorerModernCase(),
];
for (const benchCase of cases) {
  const answer = await benchCase.call();
  if (answer !== '3') throw new Error(`${benchCase.label} answered ${answer}`);
  await meanMicroseconds(benchCase); // warm-up
}
const best = new Map<McpCase, number>();
for (let round = 0; round < rounds; round++) {
  for (const benchCase of round % 2 === 0 ? cases : [...cases].reverse()) {
    const mean = await meanMicroseconds(benchCase);
    best.set(benchCase, Math.min(best.get(benchCase) ?? Number.POSITIVE_INFINITY, mean));
  }
}

console.log(`armorer MCP bench (${quick ? 'quick' : 'full'}), bun ${Bun.version}`);
console.log(
  `tools/call over an in-memory transport, official clients; best mean of ${rounds} rounds x ${callsPerRound} calls\n`,
);
for (const benchCase of cases) {
  console.log(`  ${benchCase.label.padEnd(44)} ${(best.get(benchCase) ?? 0).toFixed(1).padStart(8)} µs/call`);
}
console.log('');
for (const era of ['v1', 'v2'] as const) {
  const [baseline, ...contenders] = cases.filter((benchCase) => benchCase.era === era);
  if (baseline === undefined) continue;
  for (const contender of contenders) {
    const ratio = (best.get(contender) ?? 0) / (best.get(baseline) ?? 1);
    reportTarget(`${contender.label} / ${baseline.label}`, ratio, { atMost: TARGET_RATIO }, '  ');
  }
}
await Promise.all(cases.map((benchCase) => benchCase.close()));
finishTargets();
