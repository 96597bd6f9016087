/**
 * Bundles the page (`src/page/main.ts` and `src/page/styles.css`) for the browser with Bun: at build time
 * (the inspector's tsdown config inlines the result) and on demand when the sources run in the workspace.
 */
import { join } from 'node:path';
import type { PageAsset } from '../server/page';

const PAGE_DIR = join(import.meta.dir, '..', 'page');

export async function bundlePage(): Promise<PageAsset> {
  const built = await Bun.build({
    entrypoints: [join(PAGE_DIR, 'main.ts'), join(PAGE_DIR, 'styles.css')],
    target: 'browser',
    format: 'esm',
    minify: true,
    sourcemap: 'none',
  });
  if (!built.success) {
    throw new AggregateError(built.logs, 'The inspector page did not bundle.');
  }
  const script = built.outputs.find((output) => output.path.endsWith('.js'));
  const style = built.outputs.find((output) => output.path.endsWith('.css'));
  if (script === undefined || style === undefined)
    throw new Error('The page bundle lacks its script or style.');
  return { script: (await script.text()).trim(), style: (await style.text()).trim() };
}
