import { describe, expect, test } from 'bun:test';
import { requestView } from '../__fixtures__/request-view';
import { parseApprovalBinding } from '../binding/parse-binding';
import { signApprovalBinding, signApprovalPayload } from '../binding/sign-binding';
import type { ApprovalBinding } from '../binding/types';
import { ApprovalError } from '../errors/errors';
import { createNonce } from '../signing/signing-key';
import type { ApprovalStateStore } from './approval-state-store';
import { createProcessLocalApprovalStateStore } from './process-local-approval-state-store';

const SECRET = 'process-local restore test secret, 32+ bytes';
const view = requestView();

/** A version 3 binding issued under `epoch`, valid from `now` for `ttl` ms. */
async function binding(store: ApprovalStateStore, now: number, ttl = 60_000, epoch?: string | null) {
  return parseApprovalBinding(
    signApprovalPayload(
      {
        ...view,
        version: 3,
        kind: 'approval',
        toolName: 'pay',
        callId: `call-${createNonce()}`,
        arguments: {},
        storeEpoch: epoch === undefined ? await store.epoch?.() : epoch,
        issuedAt: now,
        expiresAt: now + ttl,
        nonce: createNonce(),
        replayScope: 'tenant=t1;principal=u1',
      },
      SECRET,
    ),
  );
}

async function code(run: () => unknown): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    expect(ApprovalError.isInstance(error)).toBe(true);
    return (error as ApprovalError).code;
  }
}

describe('restoring into the process-local store', () => {
  test('each instance has its own epoch; another instance never restores what this one issued', async () => {
    const now = Date.now();
    const before = createProcessLocalApprovalStateStore();
    const used = await binding(before, now);
    await before.issue(used);
    await before.consume(used, view, now);
    // The issue's attack: a restart (a new store) must not bring the consumed approval back.
    const after = createProcessLocalApprovalStateStore();
    expect(await after.epoch?.()).not.toBe(await before.epoch?.());
    expect(await code(() => after.restore?.(used))).toBe('not-restorable');
    expect(await after.state(used)).toBeUndefined();
    // Unused, too: this store cannot know.
    const unused = await binding(before, now);
    await before.issue(unused);
    expect(await code(() => after.restore?.(unused))).toBe('not-restorable');
  });

  test('the same instance restores a binding it never held, and answers for one it holds', async () => {
    const now = Date.now();
    const store = createProcessLocalApprovalStateStore();
    const never = await binding(store, now);
    await store.restore?.(never);
    expect(await store.state(never)).toBe('issued');
    await store.restore?.(never); // issued: left as it is
    await store.reserve(never, view, now);
    expect(await code(() => store.restore?.(never))).toBe('already-reserved');
    await store.commit(never);
    expect(await code(() => store.restore?.(never))).toBe('already-consumed');
    const revoked = await binding(store, now);
    await store.revoke(revoked);
    expect(await code(() => store.restore?.(revoked))).toBe('revoked');
  });

  test('a binding without an epoch (version 1, or none recorded) is never restored', async () => {
    const now = Date.now();
    const store = createProcessLocalApprovalStateStore();
    const none = await binding(store, now, 60_000, null);
    expect(await code(() => store.restore?.(none))).toBe('not-restorable');
    const v1: ApprovalBinding = signApprovalBinding(
      {
        ...view,
        version: 1,
        kind: 'approval',
        toolName: 'pay',
        callId: 'c1',
        argumentsDigest: '0'.repeat(64),
        issuedAt: now,
        expiresAt: now + 60_000,
        nonce: createNonce(),
        replayScope: 's',
      },
      SECRET,
    );
    expect(await code(() => store.restore?.(v1))).toBe('not-restorable');
  });

  test('a record the sweep dropped is never restored, whatever clock the caller trusts', async () => {
    let clock = 1_800_000_000_000;
    const store = createProcessLocalApprovalStateStore({ retainExpiredMs: 0, now: () => clock });
    const used = await binding(store, clock, 1000);
    await store.issue(used);
    await store.consume(used, view, clock);
    // Time passes beyond the expiry; enough issues to run the sweep, which drops the consumed record.
    clock += 120_000;
    for (let index = 0; index < 256; index++) await store.issue(await binding(store, clock));
    expect(await store.state(used)).toBeUndefined();
    // Even if this store's clock were set back (or the caller's clock lags), the drop is remembered.
    clock -= 120_000;
    expect(await code(() => store.restore?.(used))).toBe('not-restorable');
  });

  test('an expired binding is refused by the store clock', async () => {
    let clock = 1_800_000_000_000;
    const store = createProcessLocalApprovalStateStore({ now: () => clock });
    const short = await binding(store, clock, 1000);
    clock += 1000;
    expect(await code(() => store.restore?.(short))).toBe('expired');
  });
});
