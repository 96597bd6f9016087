/**
 * MCP server overhead: one `tools/call` over an in-memory transport through `createMCP` (validation,
 * policy, events and result mapping in the armorer pipeline) against the same tool registered directly
 * with the same SDK's `McpServer.registerTool`, three pairs in the same run: the v1 package with the v1
 * `Client` (2025 era), the v2 packages with the v1 `Client` (2025 era) and the v2 packages with the v2
 * `Client` (2026-07-28 era). Each block of calls is timed as CPU time of the process; rounds are
 * interleaved and the best mean per case is kept, so a busy machine skews the ratios less. Prints the figures and a PASS/MISS marker per era against the budget;
 * the exit code is 0 either way.
 *
 *   bun --conditions=@armorer/source apps/bench/src/mcp/main.ts [--quick]
 */

import { finishTargets, reportTarget } from '../targets';
import {
  armorerCase,
  armorerModernCase,
  type McpCase,
  sdkCase,
  sdkModernCase,
  sdkV2LegacyCase,
} from './cases';

/** `createMCP` per call, at most this multiple of the SDK's own `registerTool`. */
const TARGET_RATIO = 1.3;
const quick = process.argv.includes('--quick');
const rounds = quick ? 2 : 7;
const callsPerRound = quick ? 300 : 3000;

/**
 * Mean CPU time of one call, in microseconds: user + system time of the process (the client, the
 * server and the in-memory transport all run here), so garbage collection counts and the time spent
 * waiting for a core on a shared machine does not.
 */
async function meanMicroseconds(benchCase: McpCase): Promise<number> {
  const started = process.cpuUsage();
  for (let index = 0; index < callsPerRound; index++) await benchCase.call();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / callsPerRound;
}

const cases = [
  await sdkCase(),
  await armorerCase('v1'),
  await sdkV2LegacyCase(),
  await armorerCase('v2'),
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
  `tools/call over an in-memory transport, official clients; best mean CPU time of ${rounds} rounds x ${callsPerRound} calls\n`,
);
for (const benchCase of cases) {
  console.log(`  ${benchCase.label.padEnd(44)} ${(best.get(benchCase) ?? 0).toFixed(1).padStart(8)} µs/call`);
}
console.log('');
for (const group of ['v1-2025', 'v2-2025', 'v2-2026'] as const) {
  const [baseline, ...contenders] = cases.filter((benchCase) => benchCase.group === group);
  if (baseline === undefined) continue;
  for (const contender of contenders) {
    const ratio = (best.get(contender) ?? 0) / (best.get(baseline) ?? 1);
    reportTarget(`${contender.label} / ${baseline.label}`, ratio, { atMost: TARGET_RATIO }, '  ');
  }
}
await Promise.all(cases.map((benchCase) => benchCase.close()));
finishTargets();
