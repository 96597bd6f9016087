import { afterAll, describe, expect, test } from 'bun:test';
import {
  fixtureBinding,
  fixtureCompletedEntry,
  fixtureGrant,
  fixtureStartedEntry,
  fixtureView,
} from '@armorer/test/fixtures';
import fc from 'fast-check';
import { tempDatabase } from './__fixtures__/temp-db';
import { createSqliteStores } from './create-sqlite-stores';

const temp = tempDatabase('keys');
const stores = createSqliteStores({ path: temp.path, synchronous: 'normal' });
afterAll(() => {
  stores.close();
  temp.cleanup();
});

// Any UTF-16 string: NUL, quotes, backslashes, astral characters and lone surrogates included.
const anyText = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', "'", '"', '\\', '\ud800', '\udc00x', '😀', "'); DROP TABLE x; --"),
);
let round = 0;

describe('arbitrary strings survive the store byte-exactly', () => {
  test('cache keys and attempt ids: two keys never collide, values round-trip', () => {
    fc.assert(
      fc.property(anyText, anyText, anyText, fc.jsonValue(), (left, right, attempt, value) => {
        const tag = `${++round}|`;
        const one = tag + left;
        const two = `${tag}${right}`;
        expect(stores.cache.claimStarted(one, fixtureStartedEntry(attempt, { startedAt: 1 }))).toEqual({
          claimed: true,
        });
        const other = stores.cache.claimStarted(two, fixtureStartedEntry(`${attempt}-2`, { startedAt: 1 }));
        expect(other.claimed).toBe(one !== two);
        expect(
          stores.cache.completeStarted(
            one,
            attempt,
            fixtureCompletedEntry(attempt, { completedAt: 2, value }),
          ),
        ).toBe(true);
        const stored = stores.cache.get(one);
        expect(stored?.attemptId).toBe(attempt);
        expect(stored?.state === 'completed' ? stored.value : undefined).toEqual(
          JSON.parse(JSON.stringify(value)),
        );
        expect(stores.cache.deleteStarted(one, `${attempt}x`)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  test('approval replay scopes and nonces: a binding is found under exactly its own key', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, anyText, async (scope, nonce) => {
        const now = Date.now();
        const first = fixtureBinding(now, { replayScope: `${++round}${scope}`, nonce });
        await stores.approvalStateStore.issue(first);
        expect(await stores.approvalStateStore.state(first)).toBe('issued');
        const sibling = fixtureBinding(now, { replayScope: `${round}${scope}`, nonce: `${nonce}\u0000` });
        expect(await stores.approvalStateStore.state(sibling)).toBeUndefined();
        await stores.approvalStateStore.consume(first, fixtureView(), now);
        expect(await stores.approvalStateStore.state(first)).toBe('consumed');
      }),
      { numRuns: 100 },
    );
  });

  test('grant ids, principals and tools: get and list find exactly what was issued', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, anyText, anyText, async (id, principalId, toolName) => {
        const marker = `${++round}|${principalId}`;
        const issued = fixtureGrant({
          maxUses: 3,
          usesRemaining: 3,
          id: `${round}${id}`,
          principalId: marker,
          toolName,
        });
        await stores.grantStateStore.issue(issued);
        const read = await stores.grantStateStore.get(issued.id);
        expect(read).toEqual({ ...issued });
        expect(await stores.grantStateStore.get(`${issued.id}\u0000`)).toBeUndefined();
        const listed = await stores.grantStateStore.list({ principalId: marker, toolName });
        expect(listed.map((item) => item.id)).toEqual([issued.id]);
        expect(await stores.grantStateStore.decrementUse(issued.id)).toEqual({ usesRemaining: 2 });
      }),
      { numRuns: 100 },
    );
  });
});
