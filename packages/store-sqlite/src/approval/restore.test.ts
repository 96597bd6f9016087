import { afterAll, describe, expect, it } from 'bun:test';
import { type ApprovalStateStore, parseApprovalBinding } from '@armorer/approval';
import { approvalRestoreConformance } from '@armorer/test';
import { fixtureBindingV3 } from '@armorer/test/fixtures';
import { tempDatabase } from '../__fixtures__/temp-db';
import { SqliteDatabase } from '../driver/sqlite-database';
import { sqliteApprovalStateStore } from './sqlite-approval-state-store';

const temp = tempDatabase('restore');
const opened: SqliteDatabase[] = [];
/** A connection to `path` (with its own clock when given), closed after the tests. */
async function connect(path = temp.path, now?: () => number): Promise<SqliteDatabase> {
  const database = await SqliteDatabase.open({
    path,
    synchronous: 'normal',
    ...(now === undefined ? {} : { now }),
  });
  opened.push(database);
  return database;
}
/** An approval store on a connection of its own to `path`. */
async function open(path = temp.path): Promise<{ readonly approvals: ApprovalStateStore }> {
  return { approvals: sqliteApprovalStateStore(await connect(path)) };
}
const stores = await open();
afterAll(() => {
  for (const database of opened) database.close();
  temp.cleanup();
});

/** Each test's store is on a file of its own; this maps it back to its path. */
const paths = new Map<ApprovalStateStore, string>();
let files = 0;
async function fresh(): Promise<ApprovalStateStore> {
  const path = `${temp.dir}/restore-${++files}.db`;
  const { approvals } = await open(path);
  paths.set(approvals, path);
  return approvals;
}

/** Wipes every approval row through another connection, as an operator would. */
async function wipe(store: ApprovalStateStore): Promise<ApprovalStateStore> {
  const other = await SqliteDatabase.open({ path: paths.get(store) as string });
  try {
    other.write('wiping approvals', () => other.statement('DELETE FROM armorer_approvals').run());
  } finally {
    other.close();
  }
  return store;
}

approvalRestoreConformance(
  fresh,
  { describe, it },
  {
    name: 'SQLite ApprovalStateStore restore conformance',
    losses: [
      { name: 'a wiped approvals table', lose: wipe },
      // The file lost (deleted, or a fresh volume): a new file stands for it.
      { name: 'a new database file', lose: () => fresh() },
    ],
    // Another process, whose clock runs a day ahead, sweeps the file: the record goes while this process's
    // clock still says the binding is valid.
    dropRecord: async (store, binding) => {
      const ahead = await connect(paths.get(store), () => Date.now() + 24 * 60 * 60 * 1000);
      for (let round = 0; round < 200 && (await store.state(binding)) !== undefined; round++)
        ahead.sweepNow();
    },
  },
);

describe('the SQLite approval epoch', () => {
  it('is shared by every connection to the file, and survives reopening it', async () => {
    const epoch = await stores.approvals.epoch?.();
    const again = await open();
    expect(await again.approvals.epoch?.()).toBe(epoch);
    const binding = fixtureBindingV3(Date.now(), epoch ?? null);
    await again.approvals.restore?.(binding);
    expect(await stores.approvals.state(parseApprovalBinding(binding))).toBe('issued');
  });

  it('a row deleted by hand raises the mark: no binding expiring before its reclaim time is restored', async () => {
    const epoch = (await stores.approvals.epoch?.()) ?? null;
    const now = Date.now();
    const deleted = fixtureBindingV3(now, epoch, { expiresAt: now + 10 * 60 * 1000 });
    await stores.approvals.issue(deleted);
    const other = await SqliteDatabase.open({ path: temp.path });
    other.write('deleting one row', () =>
      other
        .statement('DELETE FROM armorer_approvals WHERE key = ?')
        .run(JSON.stringify(`${deleted.replayScope}\u0000${deleted.nonce}`)),
    );
    other.close();
    await expect(Promise.resolve(stores.approvals.restore?.(deleted))).rejects.toMatchObject({
      code: 'not-restorable',
    });
    // A binding expiring after every deleted row's reclaim time is still restorable.
    const later = fixtureBindingV3(now, epoch, { expiresAt: now + 48 * 60 * 60 * 1000 });
    await stores.approvals.restore?.(later);
    expect(await stores.approvals.state(later)).toBe('issued');
  });
});
