/**
 * `bun run demo`: the armorer demo, end to end, with no API key.
 *
 * @module
 */
import { runDemo } from './demo';
import { shouldColor } from './style';

export type { DemoOptions, DemoSummary } from './demo';
export { runDemo };

if (import.meta.main) {
  await runDemo((line) => console.log(line), { color: shouldColor(process.stdout) });
}
