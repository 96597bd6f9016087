/**
 * Node smoke test of the built package (run `bun run build` first): ESM import and CJS require of dist
 * (the CJS build requires the ESM-only @noble packages, which Node 22 loads), the native HMAC path against
 * the portable one, bindings, and both process-local stores. Exits non-zero on failure.
 *
 *   node test/node-smoke.mjs        (Node >= 22)
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';

const esm = await import('../dist/index.js');
const cjs = createRequire(import.meta.url)('../dist/index.cjs');
assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');

const SECRET = 'node-smoke-secret';
const now = Date.now();

for (const [format, mod] of [
  ['esm', esm],
  ['cjs', cjs],
]) {
  const native = mod.createSigningKey(SECRET);
  const portable = mod.createSigningKey(SECRET, { portable: true });
  const expected = createHmac('sha256', SECRET).update('domain\ntext').digest('hex');
  assert.equal(native.sign('domain', 'text'), expected, `${format}: native HMAC`);
  assert.equal(portable.sign('domain', 'text'), expected, `${format}: portable HMAC`);

  const view = {
    principalId: 'u1',
    tenantId: 't1',
    ownerId: 'o1',
    audience: 'tenant',
    agentId: 'a1',
    runId: 'r1',
    authorizationRevision: 1,
    capabilities: ['read'],
    toolboxRevision: null,
    toolDefinitionRevision: 'td1',
    policyRevision: null,
    approvalRevision: null,
  };
  const binding = mod.signApprovalBinding(
    {
      ...view,
      version: 1,
      kind: 'approval',
      toolName: 'tool',
      callId: 'call-1',
      argumentsDigest: mod.sha256Hex('{}'),
      issuedAt: now,
      expiresAt: now + 60_000,
      nonce: mod.createNonce(),
      replayScope: 'scope',
    },
    SECRET,
  );
  mod.verifyApprovalBinding(JSON.parse(JSON.stringify(binding)), SECRET);
  assert.throws(() => mod.verifyApprovalBinding({ ...binding, tenantId: 't2' }, SECRET), mod.ApprovalError);

  const store = mod.createProcessLocalApprovalStateStore();
  await store.issue(binding);
  await store.consume(binding, view, now);
  assert.equal(await store.state(binding), 'consumed');
  await assert.rejects(store.consume(binding, view, now), (error) => error.code === 'already-consumed');

  const grants = mod.createProcessLocalGrantStateStore();
  const grant = {
    version: mod.GRANT_VERSION,
    id: 'grant:1',
    principalId: 'u1',
    toolName: 'tool',
    scope: 'principal',
    issuedAt: now,
    expiresAt: now + 60_000,
    maxUses: 2,
    usesRemaining: 2,
    policyRevision: 'p1',
    revoked: false,
    delegationBehavior: 'does-not-propagate',
    signature: '',
  };
  const signed = { ...grant, signature: mod.signGrant(grant, SECRET) };
  await grants.issue(signed);
  assert.deepEqual(await grants.decrementUse('grant:1'), { usesRemaining: 1 });
  mod.verifyGrantSignature(await grants.get('grant:1'), SECRET);
  // Version 3 under a keyring, opened after a rotation, and restored only into the store that issued it.
  const oldKey = { id: 'k1', secret: 'node smoke key one, thirty-two bytes' };
  const ring = mod.createApprovalKeyring([oldKey]);
  const approvals = mod.createProcessLocalApprovalStateStore();
  const envelope = mod.signApprovalPayload(
    {
      ...view,
      version: 3,
      kind: 'approval',
      toolName: 'tool',
      callId: 'call-3',
      arguments: { a: 1 },
      argumentsValidated: true,
      storeEpoch: await approvals.epoch(),
      issuedAt: now,
      expiresAt: now + 60_000,
      nonce: mod.createNonce(),
      replayScope: 'scope',
    },
    ring,
  );
  assert.equal(envelope.keyId, 'k1');
  const rotated = mod.createApprovalKeyring([
    { id: 'k2', secret: 'node smoke key two, thirty-two bytes' },
    oldKey,
  ]);
  const opened = mod.openApprovalBinding(JSON.parse(JSON.stringify(envelope)), rotated);
  assert.equal(mod.approvalBindingStoreEpoch(opened), await approvals.epoch());
  await approvals.restore(opened);
  assert.equal(await approvals.state(opened), 'issued');
  await assert.rejects(
    mod.createProcessLocalApprovalStateStore().restore(opened),
    (error) => error.code === 'not-restorable',
  );
  assert.throws(
    () => mod.createApprovalKeyring('short'),
    (error) => error.code === 'weak-secret',
  );
  console.log(`ok ${format}: signing (native = portable = node:crypto), bindings, keyrings, stores, restore`);
}
