import { type ApprovalBinding, ApprovalError, type ApprovalStateStore } from '@armorer/approval';
import { fixtureBinding, fixtureBindingV3, fixtureView } from '../fixtures/approval';
import {
  type Awaitable,
  type ConformanceOptions,
  type ConformanceTestApi,
  check,
  race,
  refused,
  same,
} from './harness';

const isApprovalError = (error: unknown) => ApprovalError.isInstance(error);

/** One way a store can lose its state. */
export interface ApprovalStateLoss {
  /** Names it in the test (`a restart`, `FLUSHALL`, `a wiped table`). */
  readonly name: string;
  /**
   * Makes the store lose every record the way this store can (a new process's in-memory store, a server
   * restarted without persistence, a flushed database, a truncated table), and returns the store to use
   * afterwards (the same object, or a new one on the same backing storage).
   */
  lose(store: ApprovalStateStore): Awaitable<ApprovalStateStore>;
}

/** Options of {@link approvalRestoreConformance}. */
export interface ApprovalRestoreConformanceOptions extends ConformanceOptions {
  /** Every way the store can lose its state: after each, nothing it held may be restored. */
  readonly losses: readonly ApprovalStateLoss[];
  /**
   * Makes the store's retention remove one binding's record, as it does once the binding has expired: a
   * sweep run by a process whose clock is far ahead, a key whose time to live passed. The binding passed
   * expires within two seconds of the test's start. Optional: without it the case is not run.
   */
  readonly dropRecord?: (store: ApprovalStateStore, binding: ApprovalBinding) => Awaitable<void>;
}

async function epochOf(store: ApprovalStateStore): Promise<string> {
  check(typeof store.epoch === 'function', 'the store has no epoch()');
  check(typeof store.restore === 'function', 'the store has no restore()');
  const epoch = await store.epoch();
  check(
    typeof epoch === 'string' && epoch.length > 0 && epoch.length <= 1024,
    `epoch() answered ${String(epoch)}`,
  );
  return epoch;
}

/** `store.restore`, which {@link epochOf} checked exists. */
function restore(store: ApprovalStateStore, binding: ApprovalBinding): unknown {
  return (store.restore as (binding: ApprovalBinding) => unknown)(binding);
}

/**
 * Registers the conformance tests of restoring approvals (`ApprovalStateStore.epoch` and `restore`): a
 * store restores a binding only when it can prove it never held it, so an approval that was (or may have
 * been) used never comes back. Covers the epoch, every state a held binding can be in, bindings of another
 * epoch or none, each way the store can lose its state (the store answers as if it never saw the binding:
 * the attack of issue 29 is restoring a consumed approval then), a record its retention removed, and
 * concurrent restores. `createStore` is called once per test.
 *
 * @example
 * ```ts
 * import { describe, it } from 'bun:test';
 * import { approvalRestoreConformance } from '@armorer/test';
 *
 * approvalRestoreConformance(() => createMyStore(db), { describe, it }, {
 *   losses: [{ name: 'a truncated table', lose: async (store) => { await db.truncate(); return store; } }],
 * });
 * ```
 */
export function approvalRestoreConformance(
  createStore: () => Awaitable<ApprovalStateStore>,
  api: ConformanceTestApi,
  options: ApprovalRestoreConformanceOptions,
): void {
  const concurrency = options.concurrency ?? 50;
  const view = fixtureView();

  api.describe(options.name ?? 'ApprovalStateStore restore conformance', () => {
    api.it('epoch() is a non-empty string, the same on every read while the state is kept', async () => {
      const store = await createStore();
      const epoch = await epochOf(store);
      same(await store.epoch?.(), epoch, 'second epoch()');
      await store.issue(fixtureBindingV3(Date.now(), epoch));
      same(await store.epoch?.(), epoch, 'epoch() after an issue');
    });

    api.it(
      'restore records a binding of its epoch it never held as issued; it then resumes once',
      async () => {
        const store = await createStore();
        const now = Date.now();
        const binding = fixtureBindingV3(now, await epochOf(store));
        same(await store.state(binding), undefined, 'state before restore');
        await restore(store, binding);
        same(await store.state(binding), 'issued', 'state after restore');
        await store.consume(binding, view, now);
        await refused(
          () => restore(store, binding),
          isApprovalError,
          ['already-consumed'],
          'restore after use',
        );
        same(await store.state(binding), 'consumed', 'state after a refused restore');
      },
    );

    api.it(
      'restore leaves an issued binding issued and refuses a reserved, consumed or revoked one',
      async () => {
        const store = await createStore();
        const now = Date.now();
        const epoch = await epochOf(store);
        const issued = fixtureBindingV3(now, epoch);
        await store.issue(issued);
        await restore(store, issued);
        same(await store.state(issued), 'issued', 'an issued binding restored');
        await store.reserve(issued, view, now);
        await refused(
          () => restore(store, issued),
          isApprovalError,
          ['already-reserved'],
          'restore reserved',
        );
        same(await store.state(issued), 'reserved', 'state of a reserved binding after restore');
        await store.commit(issued);
        await refused(
          () => restore(store, issued),
          isApprovalError,
          ['already-consumed'],
          'restore consumed',
        );
        const revoked = fixtureBindingV3(now, epoch);
        await store.issue(revoked);
        await store.revoke(revoked);
        await refused(() => restore(store, revoked), isApprovalError, ['revoked'], 'restore revoked');
        // A binding revoked before the store ever saw it leaves a tombstone, which a restore respects.
        const tombstone = fixtureBindingV3(now, epoch);
        await store.revoke(tombstone);
        await refused(
          () => restore(store, tombstone),
          isApprovalError,
          ['revoked'],
          'restore of a tombstone',
        );
        same(await store.state(tombstone), 'revoked', 'state of a tombstone after restore');
      },
    );

    api.it('restore refuses a binding of another epoch, of no epoch, or of an earlier version', async () => {
      const store = await createStore();
      const now = Date.now();
      const epoch = await epochOf(store);
      for (const [what, binding] of [
        ['another epoch', fixtureBindingV3(now, `${epoch}-other`)],
        ['no epoch', fixtureBindingV3(now, null)],
        ['a version 1 binding', fixtureBinding(now)],
      ] as const) {
        await refused(() => restore(store, binding), isApprovalError, ['not-restorable'], `restore, ${what}`);
        same(await store.state(binding), undefined, `state after restoring ${what}`);
      }
    });

    api.it('restore refuses a different binding presented under a known key', async () => {
      const store = await createStore();
      const now = Date.now();
      const epoch = await epochOf(store);
      const binding = fixtureBindingV3(now, epoch);
      await store.issue(binding);
      const impostor = fixtureBindingV3(now, epoch, { nonce: binding.nonce, callId: `${binding.callId}-2` });
      await refused(
        () => restore(store, impostor),
        isApprovalError,
        ['binding-conflict'],
        'restore impostor',
      );
    });

    for (const loss of options.losses) {
      api.it(`after ${loss.name}, nothing the store held is restored (the epoch changed)`, async () => {
        const before = await createStore();
        const now = Date.now();
        const epoch = await epochOf(before);
        const used = fixtureBindingV3(now, epoch);
        await before.issue(used);
        await before.consume(used, view, now);
        const unused = fixtureBindingV3(now, epoch);
        await before.issue(unused);
        const after = await loss.lose(before);
        const next = await epochOf(after);
        check(next !== epoch, `the epoch did not change after ${loss.name}`);
        // The attack: the store no longer knows the consumed binding; restoring it must not revive it.
        await refused(
          () => restore(after, used),
          isApprovalError,
          ['not-restorable'],
          'restore of a used binding',
        );
        await refused(
          () => restore(after, unused),
          isApprovalError,
          ['not-restorable'],
          'restore of an unused one',
        );
        await refused(
          () => after.reserve(used, view, now),
          isApprovalError,
          ['not-issued'],
          'resume after the loss',
        );
        // What the store issues from now on is restorable again.
        const fresh = fixtureBindingV3(now, next);
        await restore(after, fresh);
        same(await after.state(fresh), 'issued', 'a binding of the new epoch');
      });
    }

    if (options.dropRecord !== undefined) {
      const dropRecord = options.dropRecord;
      api.it('a record the retention removed is never restored, whatever the caller clock says', async () => {
        const store = await createStore();
        const now = Date.now();
        const binding = fixtureBindingV3(now, await epochOf(store), { expiresAt: now + 2000 });
        await store.issue(binding);
        await store.consume(binding, view, now);
        await dropRecord(store, binding);
        same(await store.state(binding), undefined, 'state once the retention removed the record');
        await refused(
          () => restore(store, binding),
          isApprovalError,
          ['not-restorable', 'expired'],
          'restore of a removed record',
        );
        same(await store.state(binding), undefined, 'state after a refused restore');
      });
    }

    api.it(
      `${concurrency} concurrent restores of one binding all answer issued; it is used once`,
      async () => {
        const store = await createStore();
        const now = Date.now();
        const binding = fixtureBindingV3(now, await epochOf(store));
        const { rejected } = await race(concurrency, () => restore(store, binding));
        check(rejected.length === 0, `a concurrent restore was refused: ${String(rejected[0])}`);
        same(await store.state(binding), 'issued', 'state after concurrent restores');
        const uses = await race(concurrency, () => store.consume(binding, view, now));
        same(uses.fulfilled.length, 1, 'consumes that succeeded');
      },
    );

    api.it(
      'restores racing a revoke: the binding ends revoked or used once, never issued again',
      async () => {
        const store = await createStore();
        const now = Date.now();
        const binding = fixtureBindingV3(now, await epochOf(store));
        await race(concurrency, (index) => (index === 0 ? store.revoke(binding) : restore(store, binding)));
        same(await store.state(binding), 'revoked', 'state after restores racing a revoke');
        await refused(() => restore(store, binding), isApprovalError, ['revoked'], 'restore after the race');
      },
    );
  });
}
