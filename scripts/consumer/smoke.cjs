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
  return called;
};
