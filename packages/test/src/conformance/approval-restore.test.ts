import { describe, expect, it } from 'bun:test';
import {
  type ApprovalBinding,
  type ApprovalStateStore,
  approvalBindingKey,
  createNonce,
  createProcessLocalApprovalStateStore,
} from '@armorer/approval';
import { fixtureBindingV3 } from '../fixtures/approval';
import { approvalRestoreConformance } from './approval-restore';

// The process-local store: a restart is a new instance; its retention is driven by a clock of the test's.
let clock = Date.now();
const processLocal = () => createProcessLocalApprovalStateStore({ retainExpiredMs: 0, now: () => clock });

/** Drops a record the way the process-local sweep does: time passes, then enough issues run a sweep. */
async function sweepPast(store: ApprovalStateStore, binding: ApprovalBinding): Promise<void> {
  clock = binding.expiresAt + 120_000;
  const epoch = (await store.epoch?.()) ?? null;
  for (let index = 0; index < 256; index++) await store.issue(fixtureBindingV3(clock, epoch));
  // The caller's clock may lag: the test goes on at real time, before the binding's expiry.
  clock = Date.now();
}

approvalRestoreConformance(
  processLocal,
  { describe, it },
  {
    name: 'process-local ApprovalStateStore restore conformance',
    losses: [{ name: 'a restart (a new process-local store)', lose: () => processLocal() }],
    dropRecord: sweepPast,
  },
);

/** Runs a suite with a recording API and reports which tests failed. */
async function failuresOf(register: (api: { describe: typeof describe; it: typeof it }) => void) {
  const tests: { name: string; body: () => Promise<void> }[] = [];
  register({
    describe: ((_name: string, body: () => void) => body()) as unknown as typeof describe,
    it: ((name: string, body: () => Promise<void>) => tests.push({ name, body })) as unknown as typeof it,
  });
  const failed: string[] = [];
  for (const test of tests) {
    try {
      await test.body();
    } catch {
      failed.push(test.name);
    }
  }
  return { total: tests.length, failed };
}

describe('the restore suite catches broken stores', () => {
  it('a store that re-issues whatever it has no record of (the issue 29 attack) fails the loss tests', async () => {
    // The restore earlier releases did: state() undefined, so issue() again.
    const naive = (): ApprovalStateStore => {
      const inner = processLocal();
      return {
        ...inner,
        async restore(binding) {
          if ((await inner.state(binding)) === undefined) await inner.issue(binding);
        },
      };
    };
    const { failed } = await failuresOf((api) =>
      approvalRestoreConformance(naive, api, {
        losses: [{ name: 'a restart', lose: () => naive() }],
        concurrency: 5,
      }),
    );
    expect(failed).toContain('after a restart, nothing the store held is restored (the epoch changed)');
    expect(failed).toContain(
      'restore refuses a binding of another epoch, of no epoch, or of an earlier version',
    );
  });

  it('a store whose epoch survives the loss fails the loss test', async () => {
    const shared = `local:${createNonce()}`;
    const sticky = (): ApprovalStateStore => ({ ...processLocal(), epoch: () => shared });
    const { failed } = await failuresOf((api) =>
      approvalRestoreConformance(sticky, api, {
        losses: [{ name: 'a restart', lose: () => sticky() }],
        concurrency: 5,
      }),
    );
    expect(failed).toContain('after a restart, nothing the store held is restored (the epoch changed)');
  });

  it('a store that forgets what its retention dropped fails the retention test', async () => {
    const forgetful = (): ApprovalStateStore => {
      const held = new Map<string, 'issued' | 'consumed'>();
      const epoch = `local:${createNonce()}`;
      const inner = processLocal();
      return {
        ...inner,
        epoch: () => epoch,
        async restore(binding) {
          if (held.has(approvalBindingKey(binding))) return;
          held.set(approvalBindingKey(binding), 'issued');
          await inner.issue(binding);
        },
      };
    };
    const { failed } = await failuresOf((api) =>
      approvalRestoreConformance(forgetful, api, {
        losses: [],
        dropRecord: async (store, binding) => {
          await sweepPast(store, binding);
        },
        concurrency: 5,
      }),
    );
    expect(failed).toContain(
      'a record the retention removed is never restored, whatever the caller clock says',
    );
  });
});
