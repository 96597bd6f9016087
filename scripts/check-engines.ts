/**
 * The engine boundary of the packed packages (a step of `bun run test`; it reads only the manifests, so it
 * needs no build): npm on Node 20 is told `engines.node >=22` (and refuses under --engine-strict), Node 22
 * and Bun >= 1.4 pass (scripts/lib/engines.ts).
 *
 *   bun run check:engines
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peersOf } from './lib/consumer';
import { engineBoundary } from './lib/engines';
import { packPackage } from './lib/pack';
import { mapLimit } from './lib/process';
import { listPublishedPackages } from './lib/workspace';

const started = performance.now();
const packages = listPublishedPackages();
const work = mkdtempSync(join(tmpdir(), 'armorer-engines-'));
let failed = false;
try {
  const packed = await mapLimit(packages, 2, (pkg) =>
    packPackage(pkg, join(work, 'tarballs'), { requireBuild: false }),
  );
  console.log(await engineBoundary(work, packed, peersOf(packages, false).zod ?? '^4'));
} catch (error) {
  failed = true;
  console.error(`FAIL ${error instanceof Error ? error.message : String(error)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`check:engines: ${failed ? '0 passed, 1 failed' : '1 passed, 0 failed'} (${seconds}s)`);
process.exit(failed ? 1 : 0);
