/**
 * Calls exported functions of a packed subpath the way a consumer would, in every runtime and module format
 * of the consumer check (Node 22 and Bun, ESM and CJS). It only relies on the API the spec documents, and
 * only for exports that the subpath has, so it is generic across subpaths. Add a case when a package gains a
 * documented entry point worth calling. Plain CommonJS so that both the ESM and the CJS harness can load it.
 *
 * @param {Record<string, unknown>} ns the module namespace (or `require` result) of one subpath
 * @param {{ z: typeof import('zod').z | undefined, assert: typeof import('node:assert/strict') }} tools
 * @returns {Promise<string[]>} the names of the functions that were called
 */
module.exports = async function smoke(ns, { z, assert }) {
  const called = [];
  if ('createTool' in ns) {
    assert.equal(typeof ns.createTool, 'function', 'createTool is a function');
    if (z) {
      const tool = ns.createTool({
        name: 'add-numbers',
        description: 'Add two numbers together',
        input: z.object({ a: z.number(), b: z.number() }),
        async execute({ a, b }) {
          return a + b;
        },
      });
      called.push('createTool');
      assert.ok(tool, 'createTool returns a tool');
      if (typeof ns.isTool === 'function') {
        assert.equal(ns.isTool(tool), true, 'isTool(createTool(...)) is true');
        assert.equal(ns.isTool({}), false, 'isTool({}) is false');
        called.push('isTool');
      }
      if (typeof ns.createToolbox === 'function') {
        const toolbox = ns.createToolbox([tool]);
        const call = await toolbox.execute({ id: 'call-1', name: 'add-numbers', arguments: { a: 5, b: 3 } });
        assert.equal(call.result, 8, 'toolbox.execute runs the tool');
        called.push('createToolbox');
      }
    }
  }
  if (typeof ns.fromOpenAPI === 'function' && typeof ns.toOpenAPI === 'function' && z) {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Smoke', version: '1' },
      paths: {
        '/sum/{a}': {
          get: {
            operationId: 'sum',
            parameters: [
              { name: 'a', in: 'path', required: true, schema: { type: 'integer' } },
              { name: 'b', in: 'query', schema: { type: 'integer' } },
            ],
            responses: {
              200: { description: 'ok', content: { 'application/json': { schema: { type: 'integer' } } } },
            },
          },
        },
      },
    };
    const fetch = async (url) => {
      const parsed = new URL(url);
      const total = Number(parsed.pathname.split('/').pop()) + Number(parsed.searchParams.get('b'));
      return new Response(JSON.stringify(total), { headers: { 'content-type': 'application/json' } });
    };
    const { toolbox } = ns.fromOpenAPI(document, { baseUrl: 'https://api.example.com', fetch });
    const call = await toolbox.execute({ name: 'sum', arguments: { a: 5, b: 3 } });
    assert.equal(call.result, 8, 'an imported OpenAPI operation calls through the injected fetch');
    const exported = ns.toOpenAPI(toolbox, { info: { title: 'Smoke', version: '1' } });
    assert.equal(exported.paths['/sum'].post.operationId, 'sum', 'toOpenAPI writes one POST per tool');
    called.push('fromOpenAPI', 'toOpenAPI');
  }
  if (typeof ns.openSqliteStores === 'function') {
    // The runtime's own SQLite (bun:sqlite or node:sqlite), in memory: one claim wins, the next sees it.
    const stores = await ns.openSqliteStores({ path: ':memory:' });
    const now = Date.now();
    const entry = {
      version: 1,
      state: 'started',
      attemptId: 'a1',
      startedAt: now,
      leaseExpiresAt: now + 1000,
      leaseDeadlineAt: now + 10000,
    };
    assert.deepEqual(stores.results.claimStarted('smoke', entry), { claimed: true }, 'the first claim wins');
    assert.equal(
      stores.results.claimStarted('smoke', { ...entry, attemptId: 'a2' }).claimed,
      false,
      'the second loses',
    );
    stores.close();
    called.push('openSqliteStores');
  }
  return called;
};
