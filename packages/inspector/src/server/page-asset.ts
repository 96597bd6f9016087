import type { PageAsset } from './page';

/** Replaced by the build (tsdown `define`) with the bundled page; absent when the sources run directly. */
declare const __ARMORER_INSPECTOR_PAGE__: PageAsset | undefined;

/** Where the workspace bundles the page on demand (never part of the published build). */
const BUNDLER = '../page-build/bundle-page.ts';

let pending: Promise<PageAsset> | undefined;

/**
 * The page's script and style: built in at build time; when the sources run in the workspace (tests,
 * `bun --conditions=@armorer/source`), bundled once with Bun on first use.
 */
export function loadPageAsset(): Promise<PageAsset> {
  if (typeof __ARMORER_INSPECTOR_PAGE__ !== 'undefined') return Promise.resolve(__ARMORER_INSPECTOR_PAGE__);
  pending ??= (import(BUNDLER) as Promise<{ bundlePage(): Promise<PageAsset> }>).then((module) =>
    module.bundlePage(),
  );
  return pending;
}
