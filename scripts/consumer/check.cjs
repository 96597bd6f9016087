// CJS side of the consumer check: `require` every exported subpath (see harness.cjs).
const harness = require('./harness.cjs');

(async () => {
  for (const specifier of Object.keys(harness.expected)) {
    let ns;
    try {
      ns = require(specifier);
    } catch (error) {
      ns = { __loadError: String(error) };
    }
    await harness.verify(specifier, ns, require.resolve(specifier), 'cjs');
  }
  harness.done('cjs');
})();
