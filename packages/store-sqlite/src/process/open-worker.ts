// A process that opens the stores on the file named by its argument and closes them (concurrent-open test).
import { createSqliteStores } from '../create-sqlite-stores';

const stores = createSqliteStores({ path: process.argv[2] as string });
stores.close();
