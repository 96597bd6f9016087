import { StoreError } from '@armorer/core';
import { fixtureBinding, fixtureGrant, fixtureView } from '../fixtures/approval';
import { fixtureCompletedEntry, fixtureStartedEntry } from '../fixtures/results';
import { ConformanceError, check } from './harness';
import type { ConformingStores } from './store-factory-types';

/** The documented defaults every store factory applies (the table in the store guides). */
export const DOCUMENTED_DEFAULTS = Object.freeze({
  reservationLeaseMs: 60_000,
  retainExpiredMs: 60 * 60 * 1000,
  retainResultsMs: 7 * 24 * 60 * 60 * 1000,
  operationTimeoutMs: 3_000,
});

/** Every operation of the three stores, on fresh records; writes first. */
export function everyOperation(stores: ConformingStores): readonly (readonly [string, () => unknown])[] {
  const now = Date.now();
  const binding = fixtureBinding(now);
  const grant = fixtureGrant();
  const key = `conformance-${now}-${Math.random()}`;
  const { approvalStateStore: approvals, grantStateStore: grants, cache } = stores;
  return [
    ['approvalStateStore.issue', () => approvals.issue(binding)],
    ['approvalStateStore.reserve', () => approvals.reserve(binding, fixtureView(), now)],
    ['approvalStateStore.commit', () => approvals.commit(binding)],
    ['approvalStateStore.release', () => approvals.release(binding)],
    ['approvalStateStore.consume', () => approvals.consume(binding, fixtureView(), now)],
    ['approvalStateStore.revoke', () => approvals.revoke(binding)],
    ['approvalStateStore.state', () => approvals.state(binding)],
    ['grantStateStore.issue', () => grants.issue(grant)],
    ['grantStateStore.get', () => grants.get(grant.id)],
    ['grantStateStore.list', () => grants.list({ principalId: grant.principalId })],
    ['grantStateStore.decrementUse', () => grants.decrementUse(grant.id)],
    ['grantStateStore.revoke', () => grants.revoke(grant.id)],
    ['cache.claimStarted', () => cache.claimStarted(key, fixtureStartedEntry('a1', { startedAt: now }))],
    ['cache.get', () => cache.get(key)],
    ['cache.renewStarted', () => cache.renewStarted(key, 'a1', now + 2_000)],
    [
      'cache.completeStarted',
      () => cache.completeStarted(key, 'a1', fixtureCompletedEntry('a1', { completedAt: now, value: 1 })),
    ],
    ['cache.deleteStarted', () => cache.deleteStarted(key, 'a1')],
    [
      'cache.replaceUnknownStarted',
      () => cache.replaceUnknownStarted(key, 'a1', fixtureStartedEntry('a2', { startedAt: now }), now),
    ],
    [
      'cache.replaceLegacyStarted',
      () => cache.replaceLegacyStarted(key, now, fixtureStartedEntry('a3', { startedAt: now })),
    ],
  ];
}

/** The three writes that touch the backend first (no read needed before them). */
export function firstWrites(stores: ConformingStores) {
  return everyOperation(stores).filter(([name]) =>
    ['approvalStateStore.issue', 'grantStateStore.issue', 'cache.claimStarted'].includes(name),
  );
}

/** Awaits an operation (synchronous or not) that must fail with a StoreError; returns it. */
export async function storeFailure(what: string, operation: () => unknown): Promise<StoreError> {
  let error: unknown;
  try {
    await operation();
  } catch (thrown) {
    error = thrown;
  }
  if (error === undefined) throw new ConformanceError(`${what}: expected a StoreError, it succeeded`);
  check(StoreError.isInstance(error), `${what}: expected a StoreError, got ${String(error)}`);
  return error;
}

/** Checks that a store error is retryable (with a code among `codes`) and says how long to wait. */
export function checkRetryable(error: StoreError, codes: readonly string[], what: string): void {
  check(
    codes.includes(error.code),
    `${what}: expected code ${codes.join(' or ')}, got ${error.code} (${error.message})`,
  );
  check(error.retryable === true, `${what}: a ${error.code} error must be retryable`);
  check(
    typeof error.retryAfterMs === 'number' && error.retryAfterMs > 0,
    `${what}: a retryable error must carry retryAfterMs, got ${String(error.retryAfterMs)}`,
  );
}
