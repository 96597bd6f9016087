import {
  createNonce,
  GrantError,
  type GrantFilter,
  type GrantStateStore,
  type ReusableApprovalGrant,
  signGrant,
  verifyGrantSignature,
} from '@armorer/approval';
import { FIXTURE_SECRET, fixtureGrant } from '../fixtures/approval';
import {
  type Awaitable,
  type ConformanceOptions,
  type ConformanceTestApi,
  check,
  race,
  refused,
  same,
} from './harness';

const isGrantError = (error: unknown) => GrantError.isInstance(error);

/**
 * Registers the conformance tests of the {@link GrantStateStore} contract: issue (with `usesRemaining`
 * reset to `maxUses`), get, list filters, the atomic `decrementUse` floored at zero (also under
 * concurrency), idempotent revoke, and grants that still verify after use. `createStore` is called once
 * per test.
 *
 * @example
 * ```ts
 * import { describe, it } from 'bun:test';
 * import { grantStateStoreConformance } from '@armorer/test';
 *
 * grantStateStoreConformance(() => createMyDatabaseGrantStore(db), { describe, it });
 * ```
 */
export function grantStateStoreConformance(
  createStore: () => Awaitable<GrantStateStore>,
  api: ConformanceTestApi,
  options: ConformanceOptions = {},
): void {
  const concurrency = options.concurrency ?? 50;

  api.describe(options.name ?? 'GrantStateStore conformance', () => {
    api.it('issue stores the grant with usesRemaining = maxUses, whatever the caller passed', async () => {
      const store = await createStore();
      const grant = fixtureGrant({ maxUses: 3, usesRemaining: 1 });
      await store.issue(grant);
      const stored = await store.get(grant.id);
      check(stored !== undefined, 'get after issue returns the grant');
      same(stored.usesRemaining, 3, 'usesRemaining after issue');
      same(stored.principalId, grant.principalId, 'principalId');
      same(stored.signature, grant.signature, 'signature');
      verifyGrantSignature(stored, FIXTURE_SECRET);
      same(await store.get('grant:unknown'), undefined, 'get of an unknown id');
    });

    api.it('issue refuses a duplicate id and a malformed grant', async () => {
      const store = await createStore();
      const grant = fixtureGrant();
      await store.issue(grant);
      await refused(() => store.issue(grant), isGrantError, ['duplicate-grant'], 'duplicate issue');
      const malformed = { ...fixtureGrant(), maxUses: -1 };
      await refused(() => store.issue(malformed), isGrantError, ['invalid-grant'], 'malformed issue');
      const { sessionId: _sessionId, ...sessionless } = fixtureGrant();
      const unscoped = { ...sessionless, scope: 'run' as const };
      await refused(
        () => store.issue(unscoped),
        isGrantError,
        ['invalid-scope', 'invalid-grant'],
        'run without runId',
      );
    });

    api.it(
      'decrementUse takes one use at a time, floored at zero, and the grant still verifies',
      async () => {
        const store = await createStore();
        const grant = fixtureGrant({ maxUses: 2, usesRemaining: 2 });
        await store.issue(grant);
        same((await store.decrementUse(grant.id))?.usesRemaining, 1, 'first use');
        same((await store.decrementUse(grant.id))?.usesRemaining, 0, 'second use');
        same(await store.decrementUse(grant.id), undefined, 'use of an exhausted grant');
        same((await store.get(grant.id))?.usesRemaining, 0, 'usesRemaining never below zero');
        verifyGrantSignature(await store.get(grant.id), FIXTURE_SECRET);
        same(await store.decrementUse('grant:unknown'), undefined, 'use of an unknown grant');
      },
    );

    api.it(
      'revoke is idempotent, never throws for unknown ids, and a revoked grant has no uses',
      async () => {
        const store = await createStore();
        const grant = fixtureGrant();
        await store.issue(grant);
        await store.revoke(grant.id);
        await store.revoke(grant.id);
        await store.revoke('grant:unknown');
        same((await store.get(grant.id))?.revoked, true, 'revoked flag');
        same(await store.decrementUse(grant.id), undefined, 'use of a revoked grant');
        same(
          (await store.get(grant.id))?.usesRemaining,
          grant.maxUses,
          'uses of a revoked grant are untouched',
        );
      },
    );

    api.it('list filters by principal, tenant and tool, and hides revoked grants unless asked', async () => {
      const store = await createStore();
      const marker = `principal-${fixtureGrant().id}`;
      const a = fixtureGrant({ principalId: marker, toolName: 'read-file' });
      const b = fixtureGrant({ principalId: marker, toolName: 'write-file', tenantId: 'tenant-2' });
      const c = fixtureGrant({ principalId: `${marker}-other`, toolName: 'read-file' });
      for (const grant of [a, b, c]) await store.issue(grant);
      const ids = async (filter: Parameters<GrantStateStore['list']>[0]) =>
        (await store.list(filter)).map((grant) => grant.id).sort();
      same(
        JSON.stringify(await ids({ principalId: marker })),
        JSON.stringify([a.id, b.id].sort()),
        'by principal',
      );
      same(
        JSON.stringify(await ids({ principalId: marker, toolName: 'read-file' })),
        JSON.stringify([a.id]),
        'by tool',
      );
      same(
        JSON.stringify(await ids({ principalId: marker, tenantId: 'tenant-2' })),
        JSON.stringify([b.id]),
        'by tenant',
      );
      await store.revoke(a.id);
      same(JSON.stringify(await ids({ principalId: marker })), JSON.stringify([b.id]), 'revoked hidden');
      same(
        JSON.stringify(await ids({ principalId: marker, includeRevoked: true })),
        JSON.stringify([a.id, b.id].sort()),
        'revoked included on request',
      );
    });

    api.it('list with tenantId null answers only the grants issued without a tenant', async () => {
      const store = await createStore();
      const marker = `principal-${fixtureGrant().id}`;
      const bare = withoutTenant(fixtureGrant({ principalId: marker }));
      const withTenant = fixtureGrant({ principalId: marker, tenantId: 'tenant-1' });
      await store.issue(bare);
      await store.issue(withTenant);
      const ids = async (filter: GrantFilter) => (await store.list(filter)).map((grant) => grant.id).sort();
      same(
        JSON.stringify(await ids({ principalId: marker, tenantId: null, toolName: bare.toolName })),
        JSON.stringify([bare.id]),
        'tenantless lookup',
      );
      same(
        JSON.stringify(await ids({ principalId: marker, tenantId: 'tenant-1' })),
        JSON.stringify([withTenant.id]),
        'tenant lookup',
      );
      same(
        JSON.stringify(await ids({ principalId: marker })),
        JSON.stringify([bare.id, withTenant.id].sort()),
        'any tenant',
      );
    });

    api.it('list answers exactly what every filter selects, whatever other tenants hold', async () => {
      const store = await createStore();
      // Values that a store joining tenant, principal and tool into one key could confuse.
      const run = createNonce().slice(0, 8);
      const tenants = [undefined, `${run}t`, `${run}t:x`, `${run}t:x:p`, `${run}"t`, `${run}t\u0000`];
      // A lone surrogate: UTF-8 storage reads it as U+FFFD, so it must not answer for the replacement character.
      const principals = [`p${run}`, `x:p${run}`, `p${run}:x`, `p${run}\ud800`, `p${run}\ufffd`];
      const tools = ['read-file', 'read-file:x', 'x:read-file'];
      const issued: ReusableApprovalGrant[] = [];
      for (let index = 0; index < 48; index++) {
        const tenantId = tenants[index % tenants.length];
        const grant = fixtureGrant({
          id: `grant:${run}-${index}`,
          principalId: principals[Math.floor(index / tenants.length) % principals.length] as string,
          toolName: tools[Math.floor(index / 3) % tools.length] as string,
          ...(tenantId === undefined ? {} : { tenantId }),
        });
        const stored = tenantId === undefined ? withoutTenant(grant) : grant;
        await store.issue(stored);
        if (index % 7 === 3) await store.revoke(stored.id);
        issued.push({ ...stored, revoked: index % 7 === 3 });
      }
      const ours = new Set(issued.map((grant) => grant.id));
      for (const tenantId of [undefined, null, ...tenants.filter((value) => value !== undefined)]) {
        for (const principalId of [undefined, ...principals]) {
          for (const toolName of [undefined, ...tools]) {
            for (const includeRevoked of [false, true]) {
              const filter: GrantFilter = {
                ...(tenantId === undefined ? {} : { tenantId }),
                ...(principalId === undefined ? {} : { principalId }),
                ...(toolName === undefined ? {} : { toolName }),
                includeRevoked,
              };
              const found = await store.list(filter);
              const what = `list(${JSON.stringify(filter)})`;
              for (const grant of found) check(selects(filter, grant), `${what} answered ${grant.id}`);
              const got = found.map((grant) => grant.id).filter((id) => ours.has(id));
              const expected = issued.filter((grant) => selects(filter, grant)).map((grant) => grant.id);
              same(JSON.stringify(got.sort()), JSON.stringify(expected.sort()), what);
            }
          }
        }
      }
    });

    api.it('changing a returned grant does not change the stored one', async () => {
      const store = await createStore();
      const grant = fixtureGrant();
      await store.issue(grant);
      const copy = (await store.get(grant.id)) as { usesRemaining: number; revoked: boolean };
      try {
        copy.usesRemaining = 1000;
        copy.revoked = true;
      } catch {
        // A frozen grant refuses the change: that keeps the contract too.
      }
      const again = await store.get(grant.id);
      same(again?.usesRemaining, grant.maxUses, 'stored usesRemaining');
      same(again?.revoked, false, 'stored revoked flag');
    });

    api.it('changing the issued grant object afterwards does not change the stored one', async () => {
      const store = await createStore();
      const grant = { ...fixtureGrant({ maxUses: 2, usesRemaining: 2 }) };
      await store.issue(grant);
      // usesRemaining and revoked are not signed: a store holding the caller's object would let the
      // caller refill uses or lift a revocation without the secret.
      (grant as { usesRemaining: number }).usesRemaining = 1000;
      await store.revoke(grant.id);
      (grant as { revoked: boolean }).revoked = false;
      const stored = await store.get(grant.id);
      same(stored?.usesRemaining, 2, 'stored usesRemaining');
      same(stored?.revoked, true, 'stored revoked flag');
    });

    api.it(`${concurrency} concurrent uses of a 5-use grant: exactly 5 succeed`, async () => {
      const store = await createStore();
      const grant = fixtureGrant({ maxUses: 5, usesRemaining: 5 });
      await store.issue(grant);
      const { fulfilled, rejected } = await race(concurrency, () => store.decrementUse(grant.id));
      same(rejected.length, 0, 'decrementUse never throws for an exhausted grant');
      const taken = fulfilled.filter((value) => value !== undefined).map((value) => value.usesRemaining);
      same(taken.length, 5, 'uses taken');
      same(JSON.stringify(taken.sort()), JSON.stringify([0, 1, 2, 3, 4]), 'remaining counts handed out');
      same((await store.get(grant.id))?.usesRemaining, 0, 'final usesRemaining');
    });

    api.it('concurrent revoke and uses: no use is taken after the revocation is visible', async () => {
      const store = await createStore();
      const grant = fixtureGrant({ maxUses: 1000, usesRemaining: 1000 });
      await store.issue(grant);
      await Promise.allSettled([
        ...Array.from({ length: concurrency }, () => store.decrementUse(grant.id)),
        store.revoke(grant.id),
      ]);
      const before = (await store.get(grant.id))?.usesRemaining;
      same(await store.decrementUse(grant.id), undefined, 'use after revoke');
      same((await store.get(grant.id))?.usesRemaining, before, 'uses unchanged after revoke');
    });
  });
}

/** What a list filter selects (the contract): every given field equal, revoked ones only on request. */
function selects(filter: GrantFilter, grant: ReusableApprovalGrant): boolean {
  if (grant.revoked && filter.includeRevoked !== true) return false;
  if (filter.tenantId !== undefined && (grant.tenantId ?? null) !== filter.tenantId) return false;
  if (filter.principalId !== undefined && grant.principalId !== filter.principalId) return false;
  return filter.toolName === undefined || grant.toolName === filter.toolName;
}

/** The grant issued without a tenant (signed again). */
function withoutTenant(grant: ReusableApprovalGrant): ReusableApprovalGrant {
  const { tenantId: _tenantId, signature: _signature, ...rest } = grant;
  return { ...rest, signature: signGrant({ ...rest, signature: '' }, FIXTURE_SECRET) };
}
