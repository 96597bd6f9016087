/**
 * The documentation's code samples as tests (see scripts/lib/doc-samples.ts): packs the built packages,
 * installs them into a fresh consumer outside the workspace with their peers and whatever else the samples
 * import, type-checks every sample there and runs the runnable ones. A task of `bun run test` (turbo.json:
 * after the builds, with the test command's Redis and PostgreSQL servers). Alone:
 *
 *   bun run build && bun run scripts/services.ts -- bun run check:doc-samples [--consumer DIR] [--only PATTERN]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConsumer, peersOf } from './lib/consumer';
import { checkDocSamples, collectDocSamples, extraDependencies } from './lib/doc-samples';
import { ensureNode22 } from './lib/node22';
import { packPackage } from './lib/pack';
import { bin, mapLimit } from './lib/process';
import { listPublishedPackages } from './lib/workspace';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
const only = option('--only');
const samples = collectDocSamples().filter((sample) => !only || sample.where.includes(only));
const started = performance.now();
let consumer = option('--consumer');
let work: string | undefined;
const missing: string[] = [];
if (!consumer) {
  work = mkdtempSync(join(tmpdir(), 'armorer-doc-samples-'));
  const packages = listPublishedPackages();
  const packed = await mapLimit(packages, 2, (pkg) => packPackage(pkg, join(work as string, 'tarballs')));
  const peers = peersOf(packages, true);
  const provided = new Set([...packages.map((pkg) => pkg.name), ...Object.keys(peers)]);
  consumer = join(work, 'consumer');
  const dependencies = extraDependencies(samples, provided);
  missing.push(...dependencies.missing);
  await createConsumer(consumer, packed, peers, dependencies.extra);
}
const node = (await ensureNode22()).binary;
const report = await checkDocSamples(consumer, samples, { tsc: bin('tsc'), node });
report.failures.unshift(...missing);
for (const failure of report.failures) console.log(`FAIL ${failure}`);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`doc samples: ${report.summary}; ${report.failures.length} failures (${seconds}s)`);
if (work && report.failures.length === 0) rmSync(work, { recursive: true, force: true });
else if (work) console.log(`consumer kept at ${consumer}`);
process.exit(report.failures.length === 0 ? 0 : 1);
