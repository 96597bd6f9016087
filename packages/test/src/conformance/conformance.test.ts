import { describe, expect, it } from 'bun:test';
import {
  type ApprovalStateStore,
  createProcessLocalApprovalStateStore,
  createProcessLocalGrantStateStore,
  type GrantStateStore,
} from '@armorer/approval';
import { approvalStateStoreConformance } from './approval-state-store';
import { grantStateStoreConformance } from './grant-state-store';

approvalStateStoreConformance(() => createProcessLocalApprovalStateStore(), { describe, it });
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
