import type { StartedEntry, ToolResultCache } from '@armorer/idempotency';
import { fixtureCompletedEntry, fixtureStartedEntry } from '../fixtures/results';
import { check, sameData } from './assert';

/** How to register one test with your runner: `test` from `bun:test`, `vitest` or `node:test`. */
export type RegisterTest = (name: string, run: () => Promise<void>) => unknown;

/** Options of {@link defineToolResultCacheConformance}. */
export interface ToolResultCacheConformanceOptions {
  /** Your test runner's `test` function. */
  readonly test: RegisterTest;
  /** Prefix of every test name (default `ToolResultCache conformance`). */
  readonly name?: string;
  /**
   * Writes a legacy (unfenced) started marker, `{ state: 'started', startedAt }`, the way old data sits
   * in your storage. Without it the legacy-migration rules are not registered.
   */
  readonly seedLegacyStarted?: (
    cache: ToolResultCache,
    key: string,
    startedAt: number,
  ) => Promise<void> | void;
}

const T0 = 1_700_000_000_000;

function started(attemptId: string, leaseExpiresAt = T0 + 1_000, leaseDeadlineAt = T0 + 10_000) {
  const leaseMs = leaseExpiresAt - T0;
  return fixtureStartedEntry(attemptId, { startedAt: T0, leaseMs, deadlineMs: leaseDeadlineAt - T0 });
}

function completed(attemptId: string, value: unknown = { ok: true }) {
  return fixtureCompletedEntry(attemptId, { completedAt: T0 + 500, policyRevision: 'policy-1', value });
}

let keys = 0;
/** A key no other test uses (durable stores may share one database across tests). */
function freshKey(label: string): string {
  keys += 1;
  return `conformance|${label}|${Date.now().toString(36)}-${keys}`;
}

/**
 * Registers the conformance tests of the `ToolResultCache` contract for any implementation: the
 * process-local cache, or your durable store. Each test gets a cache from `createCache`.
 *
 * @example
 * ```ts
 * import { test } from 'bun:test';
 * import { createToolResultCache } from 'armorer/idempotency';
 * import { defineToolResultCacheConformance } from 'armorer/test';
 *
 * defineToolResultCacheConformance(() => createToolResultCache({ store: new Map() }), { test });
 * ```
 */
export function defineToolResultCacheConformance(
  createCache: () => ToolResultCache | Promise<ToolResultCache>,
  options: ToolResultCacheConformanceOptions,
): void {
  const prefix = options.name ?? 'ToolResultCache conformance';
  const define = (name: string, run: (cache: ToolResultCache) => Promise<void>) =>
    options.test(`${prefix}: ${name}`, async () => run(await createCache()));

  define('declares specificationVersion v1; an absent key reads as undefined', async (cache) => {
    check(cache.specificationVersion === 'v1', 'specificationVersion must be "v1"');
    check((await cache.get(freshKey('absent'))) === undefined, 'get() of an absent key must be undefined');
  });

  define('claimStarted writes only when the key is absent and returns what is there', async (cache) => {
    const key = freshKey('claim');
    const first = await cache.claimStarted(key, started('a1'));
    check(first.claimed, 'the first claim must succeed');
    const second = await cache.claimStarted(key, started('a2'));
    check(!second.claimed, 'a second claim must fail');
    check(!second.claimed && second.entry.attemptId === 'a1', 'a failed claim must return the current entry');
    const stored = await cache.get(key);
    check(
      stored?.state === 'started' && stored.attemptId === 'a1',
      'the stored entry must be the first claim',
    );
  });

  define('50 concurrent claims of one key: exactly one wins', async (cache) => {
    const key = freshKey('race');
    const claims = await Promise.all(
      Array.from({ length: 50 }, (_, index) => cache.claimStarted(key, started(`a${index}`))),
    );
    const winners = claims.filter((claim) => claim.claimed);
    check(winners.length === 1, `exactly one claim must win, ${winners.length} did`);
    const stored = await cache.get(key);
    const losers = claims.filter((claim) => !claim.claimed);
    check(
      losers.every((claim) => !claim.claimed && claim.entry.attemptId === stored?.attemptId),
      'every losing claim must see the winner',
    );
  });

  define('renewStarted moves the current lease forward, clamped to the deadline', async (cache) => {
    const key = freshKey('renew');
    await cache.claimStarted(key, started('a1', T0 + 1_000, T0 + 5_000));
    check((await cache.renewStarted(key, 'other', T0 + 2_000)) === false, 'another attempt must not renew');
    check((await cache.renewStarted(key, 'a1', T0 + 2_000)) === true, 'the current attempt must renew');
    check((await cache.get(key))?.state === 'started', 'renewal keeps the entry started');
    const renewed = await cache.get(key);
    check(renewed?.state === 'started' && renewed.attemptId === 'a1', 'renewal keeps the attempt');
    check(
      (renewed as StartedEntry).leaseExpiresAt === T0 + 2_000,
      'the lease must move to the requested time',
    );
    await cache.renewStarted(key, 'a1', T0 + 1_500);
    check(
      ((await cache.get(key)) as StartedEntry).leaseExpiresAt === T0 + 2_000,
      'a lease never moves backward',
    );
    await cache.renewStarted(key, 'a1', T0 + 60_000);
    check(
      ((await cache.get(key)) as StartedEntry).leaseExpiresAt === T0 + 5_000,
      'a lease never passes the deadline',
    );
    check(
      (await cache.renewStarted(key, 'a1', T0 + 70_000)) === false,
      'a lease at its deadline cannot renew',
    );
    check((await cache.renewStarted(freshKey('none'), 'a1', T0)) === false, 'an absent key cannot renew');
  });

  define('completeStarted records the result of the current attempt only', async (cache) => {
    const key = freshKey('complete');
    await cache.claimStarted(key, started('a1'));
    check(
      (await cache.completeStarted(key, 'a2', completed('a2'))) === false,
      'another attempt must not complete',
    );
    const value = { chargeId: 'ch_1', nested: { items: [1, 'two', null, true] } };
    check(
      (await cache.completeStarted(key, 'a1', completed('a1', value))) === true,
      'the current attempt completes',
    );
    const stored = await cache.get(key);
    check(stored?.state === 'completed', 'the entry must be completed');
    check(
      stored.attemptId === 'a1' && stored.policyRevision === 'policy-1',
      'attempt and policy revision are kept',
    );
    check(sameData(stored.value, value) && stored.streamed === false, 'the value must round-trip');
    check(
      (await cache.completeStarted(key, 'a1', completed('a1', 'again'))) === false,
      'a result is recorded once',
    );
    const claim = await cache.claimStarted(key, started('a3'));
    check(!claim.claimed && claim.entry.state === 'completed', 'a completed key cannot be claimed');
    check((await cache.renewStarted(key, 'a1', T0 + 2_000)) === false, 'a completed entry has no lease');
  });

  define('deleteStarted removes the current started attempt only', async (cache) => {
    const key = freshKey('delete');
    await cache.claimStarted(key, started('a1'));
    check((await cache.deleteStarted(key, 'a2')) === false, 'another attempt must not delete');
    check((await cache.deleteStarted(key, 'a1')) === true, 'the current attempt deletes');
    check((await cache.get(key)) === undefined, 'the key must be absent after delete');
    check((await cache.claimStarted(key, started('a2'))).claimed, 'a deleted key can be claimed again');
    await cache.completeStarted(key, 'a2', completed('a2'));
    check((await cache.deleteStarted(key, 'a2')) === false, 'a completed entry is never deleted');
  });

  define('replaceUnknownStarted replaces the named attempt once its lease expired', async (cache) => {
    const key = freshKey('replace');
    await cache.claimStarted(key, started('old', T0 + 1_000));
    check(
      (await cache.replaceUnknownStarted(key, 'old', started('new'), T0 + 999)) === false,
      'a live lease must not be replaced',
    );
    check(
      (await cache.replaceUnknownStarted(key, 'other', started('new'), T0 + 2_000)) === false,
      'only the named attempt may be replaced',
    );
    check(
      (await cache.replaceUnknownStarted(key, 'old', started('new'), T0 + 1_000)) === true,
      'an expired attempt is replaced',
    );
    check((await cache.get(key))?.attemptId === 'new', 'the new attempt holds the key');
    check(
      (await cache.completeStarted(key, 'old', completed('old'))) === false,
      'a late completion is ignored',
    );
    check((await cache.deleteStarted(key, 'old')) === false, 'a late cleanup is ignored');
    check((await cache.renewStarted(key, 'old', T0 + 3_000)) === false, 'a fenced-out attempt cannot renew');
    check(
      (await cache.replaceUnknownStarted(key, 'old', started('third'), T0 + 5_000)) === false,
      'a receipt replaces its attempt once',
    );
  });

  define('20 concurrent replacements of one expired attempt: exactly one wins', async (cache) => {
    const key = freshKey('replace-race');
    await cache.claimStarted(key, started('old', T0 + 1));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        cache.replaceUnknownStarted(key, 'old', started(`n${index}`), T0 + 2),
      ),
    );
    check(answers.filter(Boolean).length === 1, 'exactly one replacement must win');
  });

  define('replaceUnknownStarted never touches completed or absent keys', async (cache) => {
    const key = freshKey('replace-completed');
    await cache.claimStarted(key, started('a1', T0 + 1));
    await cache.completeStarted(key, 'a1', completed('a1'));
    check(
      (await cache.replaceUnknownStarted(key, 'a1', started('a2'), T0 + 10)) === false,
      'a completed result must not be replaced',
    );
    check(
      (await cache.replaceUnknownStarted(freshKey('absent'), 'a1', started('a2'), T0 + 10)) === false,
      'an absent key must not be written by a replacement',
    );
  });

  define('keys are independent', async (cache) => {
    const one = freshKey('one');
    const two = freshKey('two');
    await cache.claimStarted(one, started('a1'));
    check((await cache.claimStarted(two, started('b1'))).claimed, 'another key is claimed independently');
    await cache.deleteStarted(one, 'a1');
    check((await cache.get(two))?.attemptId === 'b1', 'deleting one key leaves the other');
  });

  define('keys differing only in NUL, escapes or lone surrogates never share a record', async (cache) => {
    const base = freshKey('text');
    // Equal after a lossy encoding: UTF-8 turns every lone surrogate into U+FFFD, C strings stop at NUL,
    // an escape can spell another character. A store keeps each key apart, or refuses (throws) a key with
    // a lone surrogate that its storage cannot hold exactly.
    const variants = [
      '\ud800',
      '\udbff',
      '\udc00',
      '\ufffd',
      '\u0000a',
      '\u0000b',
      '\\0',
      '%7B',
      '{',
      '\\u0000',
    ];
    const kept: number[] = [];
    for (const [index, variant] of variants.entries()) {
      const key = `${base}|${variant}`;
      let claim: Awaited<ReturnType<ToolResultCache['claimStarted']>>;
      try {
        claim = await cache.claimStarted(key, started(`v${index}`));
      } catch {
        check(
          /\p{Cs}/u.test(key),
          `the well-formed key ending in ${JSON.stringify(variant)} must be accepted`,
        );
        continue;
      }
      check(claim.claimed, `the key ending in ${JSON.stringify(variant)} must be its own key`);
      kept.push(index);
    }
    for (const index of kept) {
      const stored = await cache.get(`${base}|${variants[index]}`);
      check(
        stored?.attemptId === `v${index}`,
        `the key ending in ${JSON.stringify(variants[index])} must read back its entry`,
      );
    }
  });

  const seedLegacy = options.seedLegacyStarted;
  if (seedLegacy === undefined) return;

  define('replaceLegacyStarted replaces only a legacy marker with that startedAt', async (cache) => {
    const key = freshKey('legacy');
    await seedLegacy(cache, key, 12_345);
    const legacy = await cache.get(key);
    check(
      legacy?.state === 'started' && legacy.attemptId === undefined,
      'a legacy marker reads without attempt id',
    );
    check(legacy.startedAt === 12_345, 'a legacy marker keeps its startedAt');
    check(!(await cache.claimStarted(key, started('a1'))).claimed, 'a legacy marker cannot be claimed over');
    check(
      (await cache.replaceLegacyStarted(key, 12_346, started('a1'))) === false,
      'another startedAt must not migrate the marker',
    );
    check(
      (await cache.replaceUnknownStarted(key, 'anything', started('a1'), T0 + 1e9)) === false,
      'a fenced replacement never migrates a legacy marker',
    );
    check(
      (await cache.replaceLegacyStarted(key, 12_345, started('a1'))) === true,
      'the matching receipt migrates it',
    );
    check((await cache.get(key))?.attemptId === 'a1', 'the new attempt holds the key');
    check(
      (await cache.replaceLegacyStarted(key, 12_345, started('a2'))) === false,
      'a legacy receipt never replaces a fenced attempt',
    );
  });
}
