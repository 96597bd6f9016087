/**
 * MCP server overhead: one `tools/call` over InMemoryTransport through `createMCP` (validation, policy,
 * events and result mapping in the armorer pipeline) against the same tool registered directly with the
 * SDK's `McpServer.registerTool`, both called by the official SDK `Client`, in the same run. Rounds are
 * interleaved and the best mean per case is kept, so a busy machine skews the ratio less. Prints the
 * figures and a PASS/MISS marker against the budget; the exit code is 0 either way.
 *
 *   bun --conditions=@armorer/source apps/bench/src/mcp/main.ts [--quick]
 */

import { finishTargets, reportTarget } from '../targets';
import { armorerCase, type McpCase, sdkCase } from './cases';

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

const cases = [await sdkCase(), await armorerCase()];
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
  `tools/call over InMemoryTransport, SDK Client; best mean of ${rounds} rounds x ${callsPerRound} calls\n`,
);
for (const benchCase of cases) {
  console.log(`  ${benchCase.label.padEnd(32)} ${(best.get(benchCase) ?? 0).toFixed(1).padStart(8)} µs/call`);
}
const [sdk, armorer] = cases.map((benchCase) => best.get(benchCase) ?? 0) as [number, number];
const ratio = armorer / sdk;
console.log('');
reportTarget('createMCP / registerTool', ratio, { atMost: TARGET_RATIO }, '  ');
await Promise.all(cases.map((benchCase) => benchCase.close()));
finishTargets();
