/**
 * What schemas cost on the toolbox hot path (issues 30 and 32), in one run: an output schema must add at
 * most about one `safeParse` of the result to a call, and Standard Schema inputs (Valibot, ArkType) are
 * shown beside the Zod 4 fast path. Run: `bun run --cwd apps/bench bench:schemas` (`--quick` for a smoke
 * run). Every round times a block of sequential calls of each case in turn as CPU time (user + system);
 * each figure is the median over the rounds of the ratio taken within a round.
 */
import { median } from '../run';
import { finishTargets, reportTarget } from '../targets';
import { createSchemaCases, RESULT, resultSchema, type SchemaCaseKey } from './cases';

/** The output case may add this many `safeParse`s of the result (one, and the noise of a shared machine). */
const OUTPUT_PARSES = 1.5;

const quick = process.argv.includes('--quick');
const rounds = quick ? 3 : 21;
const calls = quick ? 500 : 20_000;

async function cpuNsPerCall(run: () => Promise<unknown>): Promise<number> {
  const started = process.cpuUsage();
  for (let index = 0; index < calls; index++) await run();
  const used = process.cpuUsage(started);
  return ((used.user + used.system) * 1000) / calls;
}

function parseNsPerCall(): number {
  let accepted = 0;
  const started = process.cpuUsage();
  for (let index = 0; index < calls; index++) if (resultSchema.safeParse(RESULT).success) accepted++;
  const used = process.cpuUsage(started);
  if (accepted !== calls) throw new Error('the result schema refused the result');
  return ((used.user + used.system) * 1000) / calls;
}

const cases = createSchemaCases();
for (const benchCase of cases) for (let warm = 0; warm < 2; warm++) await cpuNsPerCall(benchCase.run);
parseNsPerCall();

const perRound: Record<SchemaCaseKey | 'parse', number>[] = [];
for (let round = 0; round < rounds; round++) {
  const times = { parse: parseNsPerCall() } as Record<SchemaCaseKey | 'parse', number>;
  for (let offset = 0; offset < cases.length; offset++) {
    const benchCase = cases[(round + offset) % cases.length];
    if (benchCase !== undefined) times[benchCase.key] = await cpuNsPerCall(benchCase.run);
  }
  perRound.push(times);
}

const ratio = (numerator: SchemaCaseKey, denominator: SchemaCaseKey) =>
  median(perRound.map((round) => round[numerator] / round[denominator]));
const format = (ns: number) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);

console.log(
  `schemas on the hot path: ${rounds} interleaved rounds of ${calls} calls per case${quick ? ' (quick run)' : ''}, CPU time`,
);
for (const benchCase of cases) {
  const ns = median(perRound.map((round) => round[benchCase.key]));
  console.log(
    `  ${benchCase.label.padEnd(36)} ${format(ns).padStart(9)}  ${ratio(benchCase.key, 'zod').toFixed(2)}x Zod`,
  );
}
console.log(
  `  ${'resultSchema.safeParse(result)'.padEnd(36)} ${format(median(perRound.map((round) => round.parse))).padStart(9)}`,
);
const addedParses = median(perRound.map((round) => (round.zodOutput - round.zod) / round.parse));
console.log(
  `info  a tool with an output schema / the same tool without: ${ratio('zodOutput', 'zod').toFixed(2)}x`,
);
reportTarget('what the output schema adds, in safeParses of the result', addedParses, {
  atMost: OUTPUT_PARSES,
  unit: '',
});
console.log(
  `info  Standard Schema inputs / the Zod 4 input: Valibot ${ratio('valibot', 'zod').toFixed(2)}x, ArkType ${ratio('arktype', 'zod').toFixed(2)}x`,
);
finishTargets();
