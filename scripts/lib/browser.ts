/**
 * The browser check of `check:consumers`: the root `armorer` entry, installed from its packed tarball, is
 * bundled for the browser, served on loopback and opened in headless Chromium (Debian's `chromium`, driven
 * by playwright-core through `executablePath`; `ARMORER_CHROMIUM` names another binary). The page builds a
 * tool, executes a good and a bad call and shows the results, which are read back from the page.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { runOrThrow } from './process';

const app = `import { createTool, createToolbox } from 'armorer';
import { z } from 'zod';

const add = createTool({
  name: 'add-numbers',
  description: 'Add two numbers',
  input: z.object({ a: z.number(), b: z.number() }),
  async execute({ a, b }) {
    return a + b;
  },
});
const toolbox = createToolbox([add]);
const good = await toolbox.execute({ id: 'call-1', name: 'add-numbers', arguments: '{"a":5,"b":3}' });
const bad = await toolbox.execute({ id: 'call-2', name: 'add-numbers', arguments: '{"a":"five"}' });
const out = document.getElementById('result');
if (out) out.textContent = JSON.stringify({ result: good.result, error: bad.error?.code ?? null });
`;

const page = `<!doctype html>
<html><head><meta charset="utf-8"><title>armorer in a browser</title></head>
<body><h1>armorer</h1><p>add-numbers(5, 3) = <output id="result"></output></p>
<script type="module" src="./app.js"></script></body></html>
`;

export function chromiumPath(): string {
  const binary = process.env.ARMORER_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(binary)) {
    throw new Error(
      `no Chromium at ${binary}: apt-get install chromium (CI's .ci/run does), or set ARMORER_CHROMIUM`,
    );
  }
  return binary;
}

/**
 * Headless Chromium as the checks use it: no sandbox (CI runs as root), no GPU, and none of the background
 * connections (updates, sync, QUIC) that a machine without internet refuses, many at a time.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function browserRun(consumer: string): Promise<string> {
  try {
    chromiumPath();
  } catch (error) {
    // CI installs Chromium (.ci/run), so there a missing browser fails; a machine with only Node and npm is
    // told what is missing.
    if (process.env.CI) throw error;
    return `SKIPPED: ${error instanceof Error ? error.message : String(error)}`;
  }
  const dir = join(consumer, 'browser-app');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(consumer, 'browser-app.ts'), app);
  writeFileSync(join(dir, 'index.html'), page);
  await runOrThrow(
    [
      'bun',
      'build',
      'browser-app.ts',
      '--target=browser',
      '--format=esm',
      `--outfile=${join(dir, 'app.js')}`,
    ],
    {
      cwd: consumer,
    },
  );
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname;
      const file = path === '/' ? 'index.html' : path.slice(1);
      if (!['index.html', 'app.js'].includes(file)) return new Response('not found', { status: 404 });
      return new Response(Bun.file(join(dir, file)));
    },
  });
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(`http://127.0.0.1:${server.port}/`);
    await tab.waitForFunction(() => (document.getElementById('result')?.textContent ?? '') !== '', null, {
      timeout: 30_000,
    });
    const text = (await tab.textContent('#result')) ?? '';
    const shown = JSON.parse(text) as { result: unknown; error: unknown };
    if (shown.result !== 8 || typeof shown.error !== 'string' || errors.length > 0) {
      throw new Error(`the page shows ${text}; page errors: ${errors.join('; ') || 'none'}`);
    }
    await tab.screenshot({ path: join(dir, 'screenshot.png') });
    return `Chromium ${browser.version()} shows ${text}`;
  } finally {
    await browser.close();
    server.stop(true);
  }
}
