// A Node worker process of the durable-store process tests (node-smoke.mjs): node:sqlite over the build.
import { runDurableWorker } from '@armorer/test/durable';
import { openSqliteStores } from '../dist/index.js';

await runDurableWorker((options) => openSqliteStores(options));
