/**
 * OpenAPI benchmark: importing the OpenAI API description (hundreds of operations) with `fromOpenAPI`, and
 * exporting a 1,000-tool toolbox with `toOpenAPI` against `z.toJSONSchema` over the same schemas in the same
 * run. Not a test: it prints the figures with PASS/MISS markers and exits 0.
 *
 *   bun --conditions=@armorer/source apps/bench/src/openapi/main.ts [--quick]
 */
import { loadavg } from 'node:os';
import { finishTargets, reportTarget } from '../targets';
import { loadOpenAIDescription, median, timeImport, timeToJSONSchema, timeToOpenAPI } from './measure';

const IMPORT_TARGET_MS = 1000;
const EXPORT_TARGET_RATIO = 1.5;
const quick = process.argv.includes('--quick');
const runs = quick ? 3 : 9;
const TOOLS = 1000;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

console.log(
  `armorer openapi bench (${quick ? 'quick' : 'full'}), bun ${Bun.version}, ${process.platform}/${process.arch}, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);

const { document, parseMs } = loadOpenAIDescription();
console.log(`info: parsing openai.yaml (3 MB) with Bun.YAML took ${fmt(parseMs)} (not part of the import)`);
const cold = timeImport(document);
const warm: number[] = [];
const validators: number[] = [];
for (let run = 0; run < runs; run++) {
  const timed = timeImport(document);
  warm.push(timed.ms);
  validators.push(timed.validatorsMs);
}
console.log(`import: fromOpenAPI(openai.yaml) -> ${cold.tools} tools`);
console.log(`  first import in the process  ${fmt(cold.ms)}`);
console.log(`  median (best) of ${runs} more   ${fmt(median(warm))} (${fmt(Math.min(...warm))})`);
console.log(
  `  info: building all ${cold.tools} validators on first use (lazy, not part of the import): median ${fmt(median(validators))}`,
);
const importWorst = Math.max(cold.ms, median(warm));
reportTarget(
  'fromOpenAPI import, worst of first and median',
  importWorst,
  {
    atMost: IMPORT_TARGET_MS,
    unit: ' ms',
    digits: 1,
    note: `first import ${fmt(cold.ms).trim()}`,
  },
  '  ',
);
console.log('');

// Warm both paths once, then alternate them on fresh schemas so neither profits from caches or JIT order.
timeToJSONSchema(TOOLS, 0);
timeToOpenAPI(TOOLS, TOOLS);
const baseline: number[] = [];
const exported: number[] = [];
let paths = 0;
for (let run = 0; run < runs; run++) {
  const offset = (run + 2) * 2 * TOOLS;
  baseline.push(timeToJSONSchema(TOOLS, offset));
  const timed = timeToOpenAPI(TOOLS, offset + TOOLS);
  exported.push(timed.ms);
  paths = timed.paths;
}
const ratio = median(exported) / median(baseline);
const best = Math.min(...exported) / Math.min(...baseline);
console.log(
  `export: ${TOOLS} tools (fresh Zod schemas each run), median (best) of ${runs}, after a full GC each`,
);
console.log(`  z.toJSONSchema over the schemas  ${fmt(median(baseline))} (${fmt(Math.min(...baseline))})`);
console.log(
  `  toOpenAPI(toolbox)               ${fmt(median(exported))} (${fmt(Math.min(...exported))})  (${paths} paths)`,
);
console.log(`  info: best-of-${runs} ratio ${best.toFixed(2)}x`);
reportTarget('toOpenAPI / z.toJSONSchema', ratio, { atMost: EXPORT_TARGET_RATIO }, '  ');
finishTargets();
