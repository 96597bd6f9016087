import { describe, expect, test } from 'bun:test';
import { signApprovalBinding } from '../binding/sign-binding';
import type { ApprovalBinding } from '../binding/types';
import { createProcessLocalApprovalStateStore } from './process-local-approval-state-store';

function binding(nonce: string, issuedAt: number, replayScope = 'scope'): ApprovalBinding {
  return signApprovalBinding(
    {
      version: 1,
      kind: 'approval',
      principalId: 'u1',
      tenantId: 't1',
      ownerId: null,
      audience: null,
      agentId: null,
      runId: null,
      authorizationRevision: null,
      capabilities: null,
      toolboxRevision: null,
      toolDefinitionRevision: 'td1',
      policyRevision: null,
      approvalRevision: null,
      toolName: 'tool',
      callId: `call-${nonce}`,
      argumentsDigest: '0'.repeat(64),
      issuedAt,
      expiresAt: issuedAt + 1000,
      nonce,
      replayScope,
    },
    'store-test-secret',
  );
}

describe('the process-local approval store', () => {
  test('drops records long past their expiry, bounding memory, and keeps recent ones', async () => {
    let now = 1_000_000;
    const store = createProcessLocalApprovalStateStore({ retainExpiredMs: 10_000, now: () => now });
    const old = binding('old', now);
    await store.issue(old);
    now += 120_000;
    const recent = binding('recent', now);
    await store.issue(recent);
    for (let index = 0; index < 256; index++) await store.issue(binding(`filler-${index}`, now));
    expect(await store.state(old)).toBeUndefined();
    expect(await store.state(recent)).toBe('issued');
  });

  test('drops the expired record of a nonce and keeps its sibling in another replay scope', async () => {
    let now = 1_000_000;
    const store = createProcessLocalApprovalStateStore({ retainExpiredMs: 10_000, now: () => now });
    const old = binding('shared', now, 'scope-a');
    await store.issue(old);
    now += 120_000;
    const recent = binding('shared', now, 'scope-b');
    await store.issue(recent);
    for (let index = 0; index < 256; index++) await store.issue(binding(`filler-${index}`, now));
    expect(await store.state(old)).toBeUndefined();
    expect(await store.state(recent)).toBe('issued');
    // The dropped key is free again; its sibling under the same nonce is untouched.
    await store.issue(binding('shared', now, 'scope-a'));
    expect(await store.state(binding('shared', now, 'scope-a'))).toBe('issued');
  });

  test('refuses malformed input with invalid-binding, never a TypeError', async () => {
    const store = createProcessLocalApprovalStateStore();
    for (const bad of [null, 42, {}, { ...binding('x', 1), version: 2 }]) {
      await expect(store.issue(bad as never)).rejects.toMatchObject({ code: 'invalid-binding' });
      await expect(store.state(bad as never)).rejects.toMatchObject({ code: 'invalid-binding' });
    }
  });
});
