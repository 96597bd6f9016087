import { describe, expect, it } from 'bun:test';
import {
  type ApprovalStateStore,
  createProcessLocalApprovalStateStore,
  createProcessLocalGrantStateStore,
  type GrantStateStore,
  type ReusableApprovalGrant,
} from '@armorer/approval';
import { approvalStateStoreConformance } from './approval-state-store';
import { grantStateStoreConformance } from './grant-state-store';

approvalStateStoreConformance((setup) => createProcessLocalApprovalStateStore(setup), { describe, it });
grantStateStoreConformance(() => createProcessLocalGrantStateStore(), { describe, it });

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

describe('the suites catch broken stores', () => {
  it('an approval store whose reserve is not atomic fails the race tests', async () => {
    const racy = (): ApprovalStateStore => {
      const inner = createProcessLocalApprovalStateStore();
      return {
        ...inner,
        async reserve(binding, view, now) {
          const state = await inner.state(binding);
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (state === 'issued') {
            await Promise.resolve(inner.release(binding)).catch(() => undefined);
            await Promise.resolve(inner.reserve(binding, view, now)).catch(() => undefined);
            return;
          }
          await inner.reserve(binding, view, now);
        },
      };
    };
    const { failed } = await failuresOf((api) =>
      approvalStateStoreConformance(racy, api, { concurrency: 10 }),
    );
    expect(failed.some((name) => name.includes('concurrent reservations'))).toBe(true);
  });

  it('an approval store that ignores the request view fails the mismatch test', async () => {
    const lax = (): ApprovalStateStore => {
      const inner = createProcessLocalApprovalStateStore();
      return { ...inner, reserve: (binding, _view, now) => inner.reserve(binding, view(binding), now) };
    };
    const view = (binding: Parameters<ApprovalStateStore['reserve']>[0]) => binding;
    const { failed } = await failuresOf((api) => approvalStateStoreConformance(lax, api, { concurrency: 5 }));
    expect(failed).toContain('reserve refuses every mismatched request field and leaves the binding issued');
  });

  it('an approval store that revokes a reserved binding and still commits it fails the revocation test', async () => {
    const lax = (): ApprovalStateStore => {
      const inner = createProcessLocalApprovalStateStore();
      const revoked = new Set<string>();
      return {
        ...inner,
        // Revocation recorded beside the state, and commit only looks at the state.
        async revoke(binding) {
          if ((await inner.state(binding)) === 'reserved') revoked.add(binding.nonce);
          else await inner.revoke(binding);
        },
        async state(binding) {
          return revoked.has(binding.nonce) ? 'revoked' : inner.state(binding);
        },
      };
    };
    const { failed } = await failuresOf((api) => approvalStateStoreConformance(lax, api, { concurrency: 5 }));
    expect(failed).toContain('a revocation during a reservation never lets that reservation commit');
  });

  it('an approval store whose revoke ignores the reservation lease fails the transition table', async () => {
    // Redis's and PostgreSQL's revoke did this: a crashed resume's reservation could be taken over by
    // another reserve once its lease passed, yet never revoked.
    const leaseBlind = (setup: { reservationLeaseMs: number }): ApprovalStateStore => {
      const inner = createProcessLocalApprovalStateStore(setup);
      return { ...inner, revoke: (binding) => inner.revoke(binding, Number.NEGATIVE_INFINITY) };
    };
    const { failed } = await failuresOf((api) =>
      approvalStateStoreConformance(leaseBlind, api, { concurrency: 5, sequences: 5 }),
    );
    expect(failed).toContain('transition table: every operation from reserved, lease passed');
    expect(failed).not.toContain('transition table: every operation from reserved, lease running');
    expect(failed).toContain(
      'a crashed resume: once the lease passed, its reservation can be revoked or taken, never both run',
    );
  });

  it('an approval store without a reservation lease fails the transition table', async () => {
    const noLease = (): ApprovalStateStore => createProcessLocalApprovalStateStore({ reservationLeaseMs: 0 });
    const { failed } = await failuresOf((api) =>
      approvalStateStoreConformance(noLease, api, { concurrency: 5, sequences: 5 }),
    );
    expect(failed).toContain('transition table: every operation from reserved, lease passed');
    expect(failed.some((name) => name.startsWith('generated operation sequences'))).toBe(true);
  });

  it('a grant store that keeps the caller object fails the issued-object test', async () => {
    const byReference = (): GrantStateStore => {
      const inner = createProcessLocalGrantStateStore();
      const kept = new Map<string, ReusableApprovalGrant>();
      return {
        ...inner,
        async issue(grant) {
          await inner.issue(grant);
          (grant as { usesRemaining: number }).usesRemaining = grant.maxUses;
          kept.set(grant.id, grant);
        },
        async get(id) {
          return kept.get(id);
        },
        async revoke(id) {
          const grant = kept.get(id);
          if (grant !== undefined) (grant as { revoked: boolean }).revoked = true;
        },
      };
    };
    const { failed } = await failuresOf((api) => grantStateStoreConformance(byReference, api));
    expect(failed).toContain('changing the issued grant object afterwards does not change the stored one');
  });

  it('a grant store whose decrementUse is not atomic fails the use race', async () => {
    const racy = (): GrantStateStore => {
      const inner = createProcessLocalGrantStateStore();
      return {
        ...inner,
        async decrementUse(id) {
          const grant = await inner.get(id);
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (grant === undefined || grant.usesRemaining <= 0 || grant.revoked) return undefined;
          await inner.decrementUse(id);
          return { usesRemaining: grant.usesRemaining - 1 };
        },
      };
    };
    const { failed, total } = await failuresOf((api) => grantStateStoreConformance(racy, api));
    expect(total).toBeGreaterThan(5);
    expect(failed.some((name) => name.includes('exactly 5 succeed'))).toBe(true);
  });
});
