/**
 * Runtime harness of the consumer check, copied into the temporary consumer. `check.mjs` (ESM) and
 * `check.cjs` (CJS) load every exported subpath of the packed packages with Node 22 or Bun, and hand each
 * module to `verify`: the runtime export names equal those of the sources, functions are functions, the
 * subpath resolved to the right built file of the installed tarball, and `smoke.cjs` calls what it knows.
 */
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { fileURLToPath } = require('node:url');
const smoke = require('./smoke.cjs');

/** @type {Record<string, { keys: string[]; functions: string[] }>} */
const expected = JSON.parse(readFileSync(join(__dirname, 'expected.json'), 'utf8'));
const runtime = process.versions.bun ? `bun ${process.versions.bun}` : `node ${process.versions.node}`;
const workspaceRoot = process.env.ARMORER_WORKSPACE_ROOT ?? '';
let z;
try {
  ({ z } = require('zod'));
} catch {
  z = undefined;
}
const failures = [];
let verified = 0;
const calledAll = new Set();

function exportNames(ns) {
  return Object.keys(ns)
    .filter((key) => key !== '__esModule' && key !== 'module.exports')
    .sort();
}

/**
 * @param {string} specifier
 * @param {Record<string, unknown>} ns
 * @param {string} resolved file path or file: URL the specifier resolved to
 * @param {'esm' | 'cjs'} format
 */
async function verify(specifier, ns, resolved, format) {
  try {
    if ('__loadError' in ns) throw new Error(`${specifier} failed to load: ${ns.__loadError}`);
    const want = expected[specifier];
    assert.ok(want, `no expected exports for ${specifier}`);
    const file = resolved.startsWith('file:') ? fileURLToPath(resolved) : resolved;
    // Bun resolves the `bun` condition (ESM) for require too; Node's require gets the CJS build.
    const extension = format === 'cjs' && !process.versions.bun ? '.cjs' : '.js';
    assert.ok(file.endsWith(extension), `${specifier} resolved to ${file}, expected a ${extension} file`);
    assert.ok(file.includes('/node_modules/'), `${specifier} resolved outside node_modules: ${file}`);
    if (workspaceRoot) assert.ok(!file.startsWith(workspaceRoot), `${specifier} resolved into the workspace`);
    const names = exportNames(ns);
    const missing = want.keys.filter((key) => !names.includes(key));
    const extra = names.filter((key) => !want.keys.includes(key));
    assert.ok(
      missing.length === 0 && extra.length === 0,
      `${specifier}: export names differ from the sources (missing: ${missing.join(', ') || '-'}; extra: ${extra.join(', ') || '-'})`,
    );
    for (const name of want.functions) {
      assert.equal(typeof ns[name], 'function', `${specifier}: ${name} is not a function`);
    }
    for (const name of await smoke(ns, { z, assert })) calledAll.add(name);
    verified++;
  } catch (error) {
    failures.push(`${specifier} (${format}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

function done(format) {
  const called = [...calledAll].sort().join(', ') || 'none';
  for (const failure of failures) console.error(`FAIL ${failure}`);
  console.log(
    `${runtime} ${format}: ${verified}/${Object.keys(expected).length} subpaths ok; called: ${called}`,
  );
  if (failures.length > 0) process.exitCode = 1;
}

module.exports = { expected, verify, done };
