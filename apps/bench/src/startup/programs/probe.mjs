// Prints, as JSON, every module file the runtime loaded to import (or, with `cjs`, require) armorer,
// so the benchmark can check that it measures the built packages and not their sources.

import * as nodeModule from 'node:module';
import { createRequire } from 'node:module';

const loaded = new Set();
if (typeof Bun === 'undefined') {
  nodeModule.registerHooks({
    load(url, context, next) {
      loaded.add(url);
      return next(url, context);
    },
  });
}
const require = createRequire(import.meta.url);
if (process.argv[2] === 'cjs') require('armorer');
else await import('armorer');
for (const file of Object.keys(require.cache)) loaded.add(file);
console.log(JSON.stringify([...loaded]));
