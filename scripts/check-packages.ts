/**
 * Package checks on the exact tarballs that would be published, for every published workspace package:
 * `publint --strict`, `attw` (profile node16: Node's ESM and CJS resolution plus bundlers; node10 is out of
 * scope since the packages need Node >= 22), and our own rules (every export target is in the tarball, no
 * tests or `workspace:` strings ship, the LICENSE does, `"type": "module"`, `"sideEffects": false`).
 *
 *   bun run check:packages            (expects `bun run build` to have run)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PackedPackage, packPackage } from './lib/pack';
import { bin, mapLimit, run, runOrThrow } from './lib/process';
import { listPublishedPackages, type PackageJson, sourceCondition } from './lib/workspace';

interface Report {
  name: string;
  problems: string[];
  notes: string[];
}

function collectTargets(value: unknown, condition: string, out: Array<[string, string]>): void {
  if (typeof value === 'string') out.push([condition, value]);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) collectTargets(child, key, out);
  }
}

async function ownChecks({ tarball }: PackedPackage, report: Report): Promise<void> {
  const listing = await runOrThrow(['tar', '-tzf', tarball]);
  const files = new Set(listing.stdout.split('\n').filter(Boolean));
  const packed = JSON.parse(
    (await runOrThrow(['tar', '-xzOf', tarball, 'package/package.json'])).stdout,
  ) as PackageJson;

  if (packed.type !== 'module') report.problems.push('"type" must be "module"');
  if (packed.sideEffects !== false) report.problems.push('"sideEffects" must be false');
  if (!Array.isArray(packed.files)) report.problems.push('"files" must list the published files');

  const targets: Array<[string, string]> = [];
  collectTargets(packed.exports, '', targets);
  for (const [condition, target] of targets) {
    // The source condition only serves the workspace; sources are not published.
    if (condition === sourceCondition) continue;
    if (!files.has(`package/${target.replace(/^\.\//, '')}`)) {
      report.problems.push(`exports target ${target} (${condition}) is not in the tarball`);
    }
  }
  for (const file of files) {
    if (/\.test(-d)?\.[cm]?[jt]s$|__fixtures__/.test(file))
      report.problems.push(`test file shipped: ${file}`);
  }
  if (!files.has('package/LICENSE')) report.problems.push('LICENSE is not in the tarball');
  // No `workspace:` anywhere in the tarball (what `grep -r workspace:` over the unpacked files would find).
  const contents = await runOrThrow(['tar', '-xzOf', tarball]);
  if (contents.stdout.includes('workspace:')) report.problems.push('the tarball contains "workspace:"');
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies'] as const) {
    for (const [dep, range] of Object.entries((packed[field] ?? {}) as Record<string, string>)) {
      if (range.startsWith('workspace:'))
        report.problems.push(`${field}.${dep} is still ${range} once packed`);
      if (field === 'peerDependencies' && range.trim() === '*') {
        report.problems.push(`peerDependencies.${dep} must have a real range, not *`);
      }
    }
  }
  report.notes.push(`${files.size} files`);
}

async function publint({ tarball }: PackedPackage, report: Report): Promise<void> {
  const result = await run([bin('publint'), 'run', tarball, '--strict']);
  const lines = result.output
    .split('\n')
    .filter((line) => line.trim() && !/^(Running publint|Unpacking tarball|Linting)/.test(line));
  if (result.code !== 0) report.problems.push(`publint --strict:\n${lines.join('\n')}`);
  else if (!result.output.includes('All good!'))
    report.notes.push(`publint suggestions:\n${lines.join('\n')}`);
}

async function attw({ tarball }: PackedPackage, report: Report): Promise<void> {
  const result = await run([
    'bun',
    '--bun',
    bin('attw'),
    tarball,
    '--profile',
    'node16',
    '--format',
    'ascii',
    '--no-color',
    '--no-emoji',
  ]);
  if (result.code !== 0) report.problems.push(`attw --profile node16:\n${result.output.trim()}`);
}

async function main(): Promise<void> {
  const packages = listPublishedPackages();
  const destination = mkdtempSync(join(tmpdir(), 'armorer-pack-'));
  try {
    const reports = await mapLimit(packages, 2, async (pkg) => {
      const report: Report = { name: pkg.name, problems: [], notes: [] };
      try {
        const packed = await packPackage(pkg, destination);
        await Promise.all([ownChecks(packed, report), publint(packed, report), attw(packed, report)]);
      } catch (error) {
        report.problems.push(error instanceof Error ? error.message : String(error));
      }
      return report;
    });
    let failed = 0;
    for (const report of reports) {
      const ok = report.problems.length === 0;
      if (!ok) failed++;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${report.name} (${report.notes.join('; ')})`);
      for (const problem of report.problems) console.log(`     - ${problem.replaceAll('\n', '\n       ')}`);
    }
    console.log(`check:packages: ${reports.length - failed} of ${reports.length} packages clean`);
    if (failed > 0) process.exitCode = 1;
  } finally {
    rmSync(destination, { recursive: true, force: true });
  }
}

await main();
