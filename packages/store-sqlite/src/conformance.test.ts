import { afterAll, describe, it, test } from 'bun:test';
import {
  approvalStateStoreConformance,
  defineToolResultCacheConformance,
  grantStateStoreConformance,
} from '@armorer/test';
import { tempDatabase } from './__fixtures__/temp-db';
import { createSqliteStores } from './create-sqlite-stores';
import { SqliteDatabase } from './driver/sqlite-database';
import { seedLegacyStarted, sqliteToolResultCache } from './results/sqlite-tool-result-cache';

const temp = tempDatabase('conformance');
// The reservation lease the approval suite asks for (its transition table runs on both sides of it).
const reservationLeaseMs = 30_000;
const stores = createSqliteStores({ path: temp.path, synchronous: 'normal', reservationLeaseMs });
// A second connection to the same file: the suites also pass when reads and writes cross connections.
const database = SqliteDatabase.open({ path: temp.path, synchronous: 'normal' });
afterAll(() => {
  stores.close();
  database.close();
  temp.cleanup();
});

approvalStateStoreConformance(
  () => stores.approvalStateStore,
  { describe, it },
  { name: 'SQLite ApprovalStateStore', reservationLeaseMs },
);
grantStateStoreConformance(
  () => stores.grantStateStore,
  { describe, it },
  { name: 'SQLite GrantStateStore' },
);
defineToolResultCacheConformance(() => stores.cache, {
  test,
  name: 'SQLite ToolResultCache',
  seedLegacyStarted: (_cache, key, startedAt) => seedLegacyStarted(database, key, startedAt),
});
defineToolResultCacheConformance(() => sqliteToolResultCache(database), {
  test,
  name: 'SQLite ToolResultCache (second connection)',
});
