/**
 * Node smoke test of the built package (run `bun run build` first): ESM import and CJS require of dist,
 * a toolbox served by createOpenAPIHandler on a real Node HTTP server (node:http adapted to fetch-style
 * Request/Response), imported back with fromOpenAPI through Node's own fetch. Exits non-zero on failure.
 *
 *   node test/node-smoke.mjs        (Node >= 22)
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const esm = await import('../dist/index.js');
const cjs = createRequire(import.meta.url)('../dist/index.cjs');
assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');
for (const name of ['toOpenAPI', 'fromOpenAPI', 'createOpenAPIHandler']) {
  assert.equal(typeof esm[name], 'function', `ESM ${name}`);
  assert.equal(typeof cjs[name], 'function', `CJS ${name}`);
}
const { createTool, createToolbox } = await import('@armorer/core');
const { z } = await import('zod');

const toolbox = createToolbox([
  createTool({
    name: 'add-numbers',
    description: 'Add two numbers together',
    input: { a: z.number(), b: z.number() },
    execute: ({ a, b }) => a + b,
  }),
]);
const handler = esm.createOpenAPIHandler(toolbox, {
  pathPrefix: '/tools',
  info: { title: 'Smoke', version: '1' },
});

const server = createServer(async (incoming, outgoing) => {
  const chunks = [];
  for await (const chunk of incoming) chunks.push(chunk);
  const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
  const request = new Request(`http://${incoming.headers.host}${incoming.url}`, {
    method: incoming.method,
    headers: incoming.headers,
    body: incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : body,
  });
  const response = await handler(request);
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
try {
  const document = await (await fetch(`${base}/tools/openapi.json`)).json();
  assert.equal(document.openapi, '3.1.0');
  const { toolbox: remote, warnings } = cjs.fromOpenAPI(document, { baseUrl: base });
  assert.deepEqual(warnings, []);
  const ok = await remote.execute({ name: 'add-numbers', arguments: { a: 5, b: 3 } });
  assert.equal(ok.result, 8);
  const bad = await remote.execute({ name: 'add-numbers', arguments: { a: 'five', b: 3 } });
  assert.equal(bad.error?.code, 'INVALID_ARGUMENTS');
  const raw = await fetch(`${base}/tools/add-numbers`, {
    method: 'POST',
    body: '{"a":1}',
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(raw.status, 400);
  assert.equal((await raw.json()).code, 'INVALID_ARGUMENTS');
  console.log('openapi node smoke: ok');
} finally {
  server.close();
}
