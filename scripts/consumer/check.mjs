// ESM side of the consumer check: `import` every exported subpath (see harness.cjs).
import harness from './harness.cjs';

for (const specifier of Object.keys(harness.expected)) {
  let ns;
  try {
    ns = await import(specifier);
  } catch (error) {
    ns = { __loadError: String(error) };
  }
  await harness.verify(specifier, ns, import.meta.resolve(specifier), 'esm');
}
harness.done('esm');
