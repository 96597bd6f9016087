/**
 * Node smoke test of the built package (run `bun run build` first): `startInspector` from the ESM and the
 * CommonJS builds serves the inlined page and its API on loopback under Node, with the token required.
 * The command itself is exercised on the demo's toolbox by apps/demo/test/node-smoke.mjs.
 *
 *   node test/node-smoke.mjs        (Node >= 22)
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');
const require = createRequire(import.meta.url);
const esm = await import('../dist/index.js');
const cjs = require('../dist/index.cjs');
const { createTool, createToolbox } = await import('@armorer/core');
const { z } = await import('zod');

const add = createTool({
  name: 'add-numbers',
  description: 'Add two numbers',
  input: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b,
});

let passed = 0;
for (const [format, mod] of [
  ['esm', esm],
  ['cjs', cjs],
]) {
  const inspector = await mod.startInspector({ toolbox: createToolbox([add]) });
  try {
    const url = new URL(inspector.url);
    const token = url.searchParams.get('token');
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'sha256-/);
    assert.equal((await fetch(new URL('/api/state', url))).status, 401);
    const run = await fetch(new URL('/api/run', url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'add-numbers', arguments: { a: 2, b: 3 } }),
    });
    assert.equal((await run.json()).result, 5);
    assert.equal(typeof mod.InspectorError.isInstance, 'function');
    passed++;
    console.log(`ok ${format}: startInspector serves the page and runs a call`);
  } finally {
    await inspector.close();
  }
}
console.log(`inspector node smoke: ${passed} passed`);
