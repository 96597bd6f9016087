/**
 * The shared package build (ESM + CJS + declarations of the exports map's entries), plus two things only
 * this package needs: the `armorer-inspector` bin (`dist/cli.js`, one more entry sharing the chunks), and
 * the page, bundled for the browser with Bun and inlined as the `__ARMORER_INSPECTOR_PAGE__` constant so
 * the server never reads a file at run time.
 */
import { defineConfig } from 'tsdown';
import { packageBuildConfig } from '../../tsdown.config';
import { bundlePage } from './src/page-build/bundle-page';

export default defineConfig(async () => {
  const base = packageBuildConfig(import.meta.dirname);
  const page = await bundlePage();
  return {
    ...base,
    entry: { ...(base.entry as Record<string, string>), cli: 'src/cli/main.ts' },
    define: { __ARMORER_INSPECTOR_PAGE__: JSON.stringify(page) },
  };
});
