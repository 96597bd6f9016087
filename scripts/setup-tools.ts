/**
 * Installs what the test command needs beyond the locked dependencies, into node_modules/.cache (ignored by
 * git): Node 22 and Node 20 from npm (`node@22`, `node@20`: consumer checks and the engine boundary), and the
 * release rehearsal's Verdaccio and pnpm. Chromium comes from Debian (`apt-get install chromium`), which
 * .ci/run does. Each is skipped when already there, so running this twice costs nothing.
 *
 *   bun run setup:tools
 */
import { chromiumPath } from './lib/browser';
import { ensureNode } from './lib/node22';
import { ensureReleaseTools } from './lib/release-tools';

const node22 = await ensureNode(22);
console.log(`node ${node22.version} at ${node22.binary}`);
const node20 = await ensureNode(20);
console.log(`node ${node20.version} at ${node20.binary}`);
const tools = await ensureReleaseTools(node22.binary);
console.log(`verdaccio at ${tools.verdaccio}, pnpm at ${tools.pnpm}`);
try {
  console.log(`chromium at ${chromiumPath()}`);
} catch (error) {
  console.log(error instanceof Error ? error.message : String(error));
}
