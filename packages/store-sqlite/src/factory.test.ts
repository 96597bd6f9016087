import { afterAll, describe, it } from 'bun:test';
import { storeFactoryConformance } from '@armorer/test';
import { tempDatabase } from './__fixtures__/temp-db';
import { createSqliteStores } from './create-sqlite-stores';
import { SqliteDatabase } from './driver/sqlite-database';

const temp = tempDatabase('factory');
afterAll(() => temp.cleanup());

storeFactoryConformance(
  {
    name: 'createSqliteStores',
    factory: (options) => createSqliteStores(options as never),
    connection: { name: 'path', value: () => temp.path },
    prefix: 'conformance_',
    defaultPrefix: 'armorer_',
    wrongConnections: [
      ['a Redis client', { evalsha() {}, eval() {}, status: 'ready' }, 'needs a path'],
      ['a number', 42, 'needs a path'],
      ['an empty path', '', 'needs a path'],
    ],
    // Another connection holding the write lock: writes wait operationTimeoutMs, then fail busy.
    stalled(options) {
      const path = `${temp.path}-stalled`;
      const stores = createSqliteStores({ path, prefix: 'conformance_', ...options });
      const holder = SqliteDatabase.open({ path, prefix: 'conformance_' });
      holder.statement('BEGIN IMMEDIATE').run();
      return {
        stores,
        dispose() {
          holder.statement('COMMIT').run();
          holder.close();
        },
      };
    },
  },
  { describe, it },
);
