// A process that opens the stores on the file named by its first argument, waiting up to the second
// argument's milliseconds for another process's lock, and closes them (concurrent-open test).
import { createSqliteStores } from '../create-sqlite-stores';

const stores = createSqliteStores({
  path: process.argv[2] as string,
  operationTimeoutMs: Number(process.argv[3]),
});
stores.close();
