// A process that opens the stores on the file named by its argument and closes them (concurrent-open test).
import { openSqliteStores } from '../open-sqlite-stores';

const stores = await openSqliteStores({ path: process.argv[2] as string });
stores.close();
