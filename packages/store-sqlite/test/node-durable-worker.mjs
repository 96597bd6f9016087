// A Node worker process of the durable-store process tests (node-smoke.mjs): node:sqlite over the build.
import { runDurableWorker } from '@armorer/test/durable';
import { createSqliteStores } from '../dist/index.js';

await runDurableWorker((options) => createSqliteStores(options));
