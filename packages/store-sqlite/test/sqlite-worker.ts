// A worker process of the durable-store process tests: opens the SQLite stores with the test's options.
import { runDurableWorker } from '@armorer/test/durable';
import { createSqliteStores, type SqliteStoresOptions } from '../src/index';

await runDurableWorker((options: SqliteStoresOptions) => createSqliteStores(options));
