import { ApprovalError, type ApprovalRequestView, type ApprovalStateStore } from '@armorer/approval';
import { fixtureBinding, fixtureView } from '../fixtures/approval';
import { registerTransitionTests } from './approval-transition-tests';
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

/** How the suite asks for a store: with the reservation lease its transition tests expect. */
export interface ApprovalStoreSetup {
  /** Configure the store's reservation lease (`reservationLeaseMs`) to exactly this many milliseconds. */
  readonly reservationLeaseMs: number;
}

/** Options of {@link approvalStateStoreConformance}. */
export interface ApprovalStateStoreConformanceOptions extends ConformanceOptions {
  /** The reservation lease the suite asks for (default 30 000 ms; it must be shorter than an hour). */
  readonly reservationLeaseMs?: number;
  /** How many generated operation sequences run against the reference model (default 30). */
  readonly sequences?: number;
  /** The seed of the generated sequences (default a fixed one, so a failure reproduces). */
  readonly seed?: number;
}

/** Every request field a reservation must match, with a value that differs from the fixture's. */
const MISMATCHES: readonly (readonly [keyof ApprovalRequestView, unknown, string])[] = [
  ['principalId', 'principal-2', 'principal-mismatch'],
  ['tenantId', 'tenant-2', 'tenant-mismatch'],
  ['ownerId', 'owner-2', 'owner-mismatch'],
  ['audience', 'public', 'audience-mismatch'],
  ['agentId', 'agent-2', 'agent-mismatch'],
  ['runId', 'run-2', 'run-mismatch'],
  ['authorizationRevision', 8, 'authorization-mismatch'],
  ['capabilities', ['files:read'], 'capability-mismatch'],
  ['toolboxRevision', 'toolbox-2', 'revision-mismatch'],
  ['toolDefinitionRevision', 'tooldef-2', 'revision-mismatch'],
  ['policyRevision', 'policy-2', 'revision-mismatch'],
  ['approvalRevision', 'approval-2', 'revision-mismatch'],
];

/**
 * Registers the conformance tests of the {@link ApprovalStateStore} contract: the seven methods, their
 * state transitions and refusals, matching of every request field, expiry, and atomicity under concurrent
 * reserve, commit, release and consume. Every operation from every state, with the reservation lease
 * running and passed, is compared with the reference model (the transition table in the approvals guide),
 * and so are generated operation sequences. `createStore` is called once per test with the reservation
 * lease to configure (return a fresh, empty store, or one whose keys cannot collide: every fixture binding
 * has a fresh random nonce).
 *
 * @example
 * ```ts
 * import { describe, it } from 'bun:test';
 * import { approvalStateStoreConformance } from '@armorer/test';
 *
 * approvalStateStoreConformance(
 *   ({ reservationLeaseMs }) => createMyDatabaseApprovalStore(db, { reservationLeaseMs }),
 *   { describe, it },
 * );
 * ```
 */
export function approvalStateStoreConformance(
  createStore: (setup: ApprovalStoreSetup) => Awaitable<ApprovalStateStore>,
  api: ConformanceTestApi,
  options: ApprovalStateStoreConformanceOptions = {},
): void {
  const concurrency = options.concurrency ?? 50;
  const setup: ApprovalStoreSetup = { reservationLeaseMs: options.reservationLeaseMs ?? 30_000 };
  const now = Date.now();
  const view = fixtureView();

  api.describe(options.name ?? 'ApprovalStateStore conformance', () => {
    api.it('issue records a binding as issued; an unknown binding has no state', async () => {
      const store = await createStore(setup);
      const binding = fixtureBinding(now);
      same(await store.state(binding), undefined, 'state before issue');
      await store.issue(binding);
      same(await store.state(binding), 'issued', 'state after issue');
    });

    api.it('issue refuses a key it already knows, in every state', async () => {
      const store = await createStore(setup);
      const binding = fixtureBinding(now);
      await store.issue(binding);
      await refused(() => store.issue(binding), isApprovalError, ['already-issued'], 'second issue');
      await store.consume(binding, view, now);
      await refused(() => store.issue(binding), isApprovalError, ['already-issued'], 'issue after consume');
      same(await store.state(binding), 'consumed', 'state after refused issue');
    });

    api.it(
      'reserve, commit: issued -> reserved -> consumed; a consumed binding never reserves again',
      async () => {
        const store = await createStore(setup);
        const binding = fixtureBinding(now);
        await store.issue(binding);
        await store.reserve(binding, view, now);
        same(await store.state(binding), 'reserved', 'state after reserve');
        await store.commit(binding);
        same(await store.state(binding), 'consumed', 'state after commit');
        await refused(
          () => store.reserve(binding, view, now),
          isApprovalError,
          ['already-consumed'],
          'replay',
        );
        await refused(
          () => store.consume(binding, view, now),
          isApprovalError,
          ['already-consumed'],
          'consume replay',
        );
      },
    );

    api.it('release returns a reserved binding to issued, and it can be reserved again', async () => {
      const store = await createStore(setup);
      const binding = fixtureBinding(now);
      await store.issue(binding);
      await store.reserve(binding, view, now);
      await store.release(binding);
      same(await store.state(binding), 'issued', 'state after release');
      await store.reserve(binding, view, now);
      await store.commit(binding);
      same(await store.state(binding), 'consumed', 'state after second reservation');
    });

    api.it(
      'a reserved binding refuses a second reservation; commit and release need a reservation',
      async () => {
        const store = await createStore(setup);
        const binding = fixtureBinding(now);
        await store.issue(binding);
        await refused(() => store.commit(binding), isApprovalError, ['not-reserved'], 'commit of issued');
        await refused(() => store.release(binding), isApprovalError, ['not-reserved'], 'release of issued');
        same(await store.state(binding), 'issued', 'state after refused commit/release');
        await store.reserve(binding, view, now);
        await refused(
          () => store.reserve(binding, view, now),
          isApprovalError,
          ['already-reserved'],
          'double reserve',
        );
        await refused(
          () => store.consume(binding, view, now),
          isApprovalError,
          ['already-reserved'],
          'consume reserved',
        );
      },
    );

    api.it('reserve and consume refuse a binding that was never issued', async () => {
      const store = await createStore(setup);
      const binding = fixtureBinding(now);
      await refused(
        () => store.reserve(binding, view, now),
        isApprovalError,
        ['not-issued'],
        'reserve unknown',
      );
      await refused(
        () => store.consume(binding, view, now),
        isApprovalError,
        ['not-issued'],
        'consume unknown',
      );
      same(await store.state(binding), undefined, 'state of a refused unknown binding');
    });

    api.it('reserve refuses every mismatched request field and leaves the binding issued', async () => {
      const store = await createStore(setup);
      const binding = fixtureBinding(now);
      await store.issue(binding);
      for (const [field, value, code] of MISMATCHES) {
        const other = { ...view, [field]: value } as ApprovalRequestView;
        await refused(
          () => store.reserve(binding, other, now),
          isApprovalError,
          [code],
          `reserve, other ${field}`,
        );
        await refused(
          () => store.consume(binding, other, now),
          isApprovalError,
          [code],
          `consume, other ${field}`,
        );
        same(await store.state(binding), 'issued', `state after a ${field} mismatch`);
      }
      await store.consume(binding, view, now);
    });

    api.it(
      'reserve refuses an expired binding (now at or after expiresAt) and leaves it issued',
      async () => {
        const store = await createStore(setup);
        const binding = fixtureBinding(now);
        await store.issue(binding);
        await refused(
          () => store.reserve(binding, view, binding.expiresAt),
          isApprovalError,
          ['expired'],
          'expired',
        );
        await refused(
          () => store.consume(binding, view, binding.expiresAt + 1),
          isApprovalError,
          ['expired'],
          'expired consume',
        );
        same(await store.state(binding), 'issued', 'state after an expired attempt');
        await store.reserve(binding, view, binding.expiresAt - 1);
      },
    );

    api.it('a different binding presented under a known key is refused', async () => {
      const store = await createStore(setup);
      const binding = fixtureBinding(now);
      await store.issue(binding);
      const forged = fixtureBinding(now, { nonce: binding.nonce, expiresAt: binding.expiresAt + 1000 });
      await refused(
        () => store.reserve(forged, view, now),
        isApprovalError,
        ['binding-conflict'],
        'forged reserve',
      );
      same(await store.state(binding), 'issued', 'state after a conflicting binding');
    });

    api.it(
      'revoke: issued -> revoked, idempotent; revoked never reserves; consumed cannot be revoked',
      async () => {
        const store = await createStore(setup);
        const binding = fixtureBinding(now);
        await store.issue(binding);
        await store.revoke(binding);
        same(await store.state(binding), 'revoked', 'state after revoke');
        await store.revoke(binding);
        await refused(
          () => store.reserve(binding, view, now),
          isApprovalError,
          ['revoked'],
          'reserve revoked',
        );
        const used = fixtureBinding(now);
        await store.issue(used);
        await store.consume(used, view, now);
        await refused(() => store.revoke(used), isApprovalError, ['already-consumed'], 'revoke consumed');
        same(await store.state(used), 'consumed', 'a consumed binding stays consumed');
      },
    );

    api.it('a revocation during a reservation never lets that reservation commit', async () => {
      const store = await createStore(setup);
      const binding = fixtureBinding(now);
      await store.issue(binding);
      await store.reserve(binding, view, now);
      const revoke = await Promise.allSettled([store.revoke(binding)]);
      const commit = await Promise.allSettled([store.commit(binding)]);
      const revoked = revoke[0]?.status === 'fulfilled';
      const committed = commit[0]?.status === 'fulfilled';
      check(!(revoked && committed), 'a revoked binding was committed: the revoked approval would run');
      same(await store.state(binding), revoked ? 'revoked' : 'consumed', 'state after revoke, then commit');
    });

    api.it('bindings are independent: using one leaves another issued', async () => {
      const store = await createStore(setup);
      const first = fixtureBinding(now);
      const second = fixtureBinding(now);
      await store.issue(first);
      await store.issue(second);
      await store.consume(first, view, now);
      same(await store.state(second), 'issued', 'the sibling binding');
      await store.consume(second, view, now);
    });

    api.it('one nonce in two replay scopes names two independent bindings', async () => {
      const store = await createStore(setup);
      const first = fixtureBinding(now);
      const second = fixtureBinding(now, { nonce: first.nonce, replayScope: `${first.replayScope};run=2` });
      await store.issue(first);
      await store.issue(second);
      await refused(() => store.issue(second), isApprovalError, ['already-issued'], 'second issue');
      await store.consume(first, view, now);
      same(await store.state(second), 'issued', 'the binding of the other scope');
      await store.revoke(second);
      same(await store.state(first), 'consumed', 'the first binding after revoking the second');
      same(await store.state(second), 'revoked', 'the second binding');
      const forged = fixtureBinding(now, { nonce: first.nonce, replayScope: second.replayScope, runId: 'x' });
      await refused(() => store.revoke(forged), isApprovalError, ['binding-conflict'], 'forged revoke');
    });

    api.it(`exactly one of ${concurrency} concurrent reservations wins`, async () => {
      const store = await createStore(setup);
      const binding = fixtureBinding(now);
      await store.issue(binding);
      const { fulfilled, rejected } = await race(concurrency, () => store.reserve(binding, view, now));
      same(fulfilled.length, 1, 'winning reservations');
      for (const error of rejected)
        check(isApprovalError(error), 'a losing reservation throws an ApprovalError');
      same(await store.state(binding), 'reserved', 'state after the race');
    });

    api.it(`exactly one of ${concurrency} concurrent consumes wins`, async () => {
      const store = await createStore(setup);
      const binding = fixtureBinding(now);
      await store.issue(binding);
      const { fulfilled } = await race(concurrency, () => store.consume(binding, view, now));
      same(fulfilled.length, 1, 'winning consumes');
      same(await store.state(binding), 'consumed', 'state after the race');
    });

    api.it('concurrent commit and release of one reservation: exactly one applies', async () => {
      const store = await createStore(setup);
      for (let round = 0; round < 10; round++) {
        const binding = fixtureBinding(now);
        await store.issue(binding);
        await store.reserve(binding, view, now);
        const outcomes = await Promise.allSettled([store.commit(binding), store.release(binding)]);
        const applied = outcomes.filter((item) => item.status === 'fulfilled').length;
        same(applied, 1, 'applied transitions');
        const expected = outcomes[0]?.status === 'fulfilled' ? 'consumed' : 'issued';
        same(await store.state(binding), expected, 'state after commit/release race');
      }
    });

    api.it('reserve/release cycles under contention never lose or duplicate the binding', async () => {
      const store = await createStore(setup);
      const binding = fixtureBinding(now);
      await store.issue(binding);
      for (let round = 0; round < 10; round++) {
        const { fulfilled } = await race(Math.max(2, Math.floor(concurrency / 5)), () =>
          store.reserve(binding, view, now),
        );
        same(fulfilled.length, 1, `winners in round ${round}`);
        await store.release(binding);
      }
      same(await store.state(binding), 'issued', 'state after the cycles');
    });

    registerTransitionTests(
      async () => createStore(setup),
      api,
      setup.reservationLeaseMs,
      options.sequences ?? 30,
      options.seed ?? 0x5eed_a11,
    );
  });
}
