/**
 * Checks the documentation site that `bun run docs` writes to `docs/site/`, in headless Chromium, as a reader
 * meets it: every page is served on loopback and opened; a page error, a console error or a failed request
 * fails it; every internal link must land on a page of the site and every `#anchor` on an element of that
 * page; and the search box must find `createToolbox`.
 *
 *   bun run docs && bun run check:docs-site
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, launchChromium } from './lib/browser';
import { mapLimit } from './lib/process';
import { rootDir } from './lib/workspace';

const siteDir = join(rootDir, 'docs/site');
if (!existsSync(join(siteDir, 'index.html'))) {
  console.error(`no site at ${relative(rootDir, siteDir)}: run bun run docs first`);
  process.exit(1);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

try {
  chromiumPath();
} catch (error) {
  // CI installs Chromium (.ci/run), so there a missing browser fails; elsewhere the reader is told what is missing.
  console.log(`docs site: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.CI) process.exit(1);
  console.log('docs site: SKIPPED (no Chromium)');
  process.exit(0);
}

const files = new Set(listFiles(siteDir).map((file) => `/${relative(siteDir, file)}`));
const pages = [...files].filter((file) => file.endsWith('.html')).sort();

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request) {
    const path = decodeURIComponent(new URL(request.url).pathname);
    const file = path === '/' ? '/index.html' : path;
    if (!files.has(file)) return new Response('not found', { status: 404 });
    return new Response(Bun.file(join(siteDir, file)), {
      headers: { 'content-type': types[extname(file)] ?? 'application/octet-stream' },
    });
  },
});
const origin = `http://127.0.0.1:${server.port}`;

interface Visit {
  page: string;
  problems: string[];
  ids: Set<string>;
  links: string[];
}

async function visit(tab: Page, page: string): Promise<Visit> {
  const problems: string[] = [];
  const onError = (error: Error) => problems.push(`page error: ${error.message}`);
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  };
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
  };
  tab.on('pageerror', onError);
  tab.on('console', onConsole);
  tab.on('response', onResponse);
  try {
    await tab.goto(`${origin}${page}`, { waitUntil: 'load' });
    const { ids, links } = await tab.evaluate(() => ({
      ids: [...document.querySelectorAll('[id], a[name]')].map(
        (element) => element.id || element.getAttribute('name') || '',
      ),
      links: [...document.querySelectorAll('a[href]')].map((anchor) => (anchor as HTMLAnchorElement).href),
    }));
    return { page, problems, ids: new Set(ids), links };
  } finally {
    tab.off('pageerror', onError);
    tab.off('console', onConsole);
    tab.off('response', onResponse);
  }
}

async function searchFinds(browser: Browser, term: string): Promise<string[]> {
  const tab = await browser.newPage();
  try {
    await tab.goto(`${origin}/index.html`, { waitUntil: 'load' });
    await tab.click('#tsd-search-trigger');
    await tab.fill('#tsd-search-input', term);
    await tab.waitForSelector('#tsd-search-results li', { timeout: 15_000 });
    return await tab.$$eval('#tsd-search-results li', (items) =>
      items.map((item) => item.textContent?.trim() ?? ''),
    );
  } finally {
    await tab.close();
  }
}

const started = performance.now();
const browser = await launchChromium();
const failures: string[] = [];
let linkCount = 0;
let anchorCount = 0;
try {
  const tabs = await Promise.all([browser.newPage(), browser.newPage(), browser.newPage()]);
  const free = [...tabs];
  const visits = await mapLimit(pages, tabs.length, async (page) => {
    const tab = free.pop();
    if (!tab) throw new Error('no free tab');
    try {
      return await visit(tab, page);
    } finally {
      free.push(tab);
    }
  });
  const byPage = new Map(visits.map((result) => [result.page, result]));
  for (const result of visits) {
    for (const problem of result.problems) failures.push(`${result.page}: ${problem}`);
    for (const href of result.links) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      linkCount += 1;
      const path = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
      if (!files.has(path)) {
        failures.push(`${result.page}: broken link to ${path}`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (!anchor || !path.endsWith('.html')) continue;
      anchorCount += 1;
      if (!byPage.get(path)?.ids.has(anchor)) failures.push(`${result.page}: no #${anchor} on ${path}`);
    }
  }
  const found = await searchFinds(browser, 'createToolbox');
  if (!found.some((text) => text.includes('createToolbox'))) {
    failures.push(`searching for createToolbox found: ${found.join(', ') || 'nothing'}`);
  }
} finally {
  await browser.close();
  server.stop(true);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const unique = [...new Set(failures)];
for (const failure of unique.slice(0, 50)) console.log(`FAIL ${failure}`);
if (unique.length > 50) console.log(`... and ${unique.length - 50} more`);
console.log(
  `docs site: ${pages.length} pages, ${linkCount} internal links, ${anchorCount} anchors checked in Chromium, search finds createToolbox: ${unique.length === 0 ? 'yes' : 'see above'} (${seconds}s)`,
);
process.exit(unique.length === 0 ? 0 : 1);
