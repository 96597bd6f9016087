import {
  type ApprovalBindingState,
  ApprovalError,
  assertGrantScope,
  assertGrantShape,
  GRANT_VERSION,
  GrantError,
  type GrantFilter,
  type GrantRequest,
  type GrantStateStore,
  type ReusableApprovalGrant,
} from '@armorer/approval';
import type { ApprovalRuntime } from './approval-runtime';
import { verifyDescriptor } from './descriptor';

/**
 * Re-issues a verified descriptor's binding when its store can prove it never held it (see
 * `ApprovalStateStore.restore`: the binding carries the store's current epoch, and no record that could
 * have been it was dropped). Never revives a consumed, revoked or in-flight binding, nor one a store may
 * have lost (a process-local store after a restart, Redis after a flush): those refuse `not-restorable`,
 * as does a store without `restore`. Refuses an expired one.
 */
export async function restoreApproval(
  runtime: ApprovalRuntime | undefined,
  descriptor: unknown,
): Promise<ApprovalBindingState> {
  const { binding } = verifyDescriptor(runtime, descriptor);
  const store = runtime?.store;
  if (store === undefined)
    throw new ApprovalError({ code: 'missing-secret', message: 'No approval state store.' });
  if (!(runtime !== undefined && runtime.now() < binding.expiresAt)) {
    throw new ApprovalError({ code: 'expired', message: 'The approval has expired; it cannot be restored.' });
  }
  if (typeof store.restore !== 'function') {
    throw new ApprovalError({
      code: 'not-restorable',
      message:
        'This approval state store cannot restore approvals (it has no epoch and restore), so it cannot prove the approval was never used.',
    });
  }
  await store.restore(binding);
  return 'issued';
}

/** Revokes a verified descriptor's binding in the store. */
export async function revokeApproval(
  runtime: ApprovalRuntime | undefined,
  descriptor: unknown,
): Promise<void> {
  const { binding } = verifyDescriptor(runtime, descriptor);
  const store = runtime?.store;
  if (store === undefined)
    throw new ApprovalError({ code: 'missing-secret', message: 'No approval state store.' });
  // The toolbox clock, the one resumes reserve with: a reservation whose lease passed can be revoked.
  await store.revoke(binding, runtime?.now());
}

function grantStore(runtime: ApprovalRuntime | undefined): GrantStateStore {
  const store = runtime?.grants;
  if (store === undefined) {
    throw new GrantError('This toolbox has no grant store (configure approvalSecret).', 'missing-secret');
  }
  return store;
}

/** Mints id, issue time, uses and policy revision, signs, and stores a grant. */
export async function issueGrant(
  runtime: ApprovalRuntime | undefined,
  request: GrantRequest,
): Promise<ReusableApprovalGrant> {
  if (runtime === undefined || !runtime.signs) {
    throw new GrantError(
      'Issuing a grant needs the toolbox approvalSecret (or approvalKeys).',
      'missing-secret',
    );
  }
  if (typeof request !== 'object' || request === null) {
    throw new GrantError('issueGrant expects a grant request object.', 'invalid-grant');
  }
  assertGrantScope(request);
  const optional: Record<string, unknown> = {};
  for (const key of [
    'tenantId',
    'ownerId',
    'agentId',
    'resourcePattern',
    'resourceField',
    'argumentConstraints',
    'runId',
    'sessionId',
  ] as const) {
    if (request[key] !== undefined) optional[key] = request[key];
  }
  if (request.scope !== 'run') delete optional.runId;
  if (request.scope !== 'session') delete optional.sessionId;
  const unsigned = {
    version: GRANT_VERSION,
    id: `grant:${runtime.nonce()}`,
    principalId: request.principalId,
    toolName: request.toolName,
    scope: request.scope,
    ...optional,
    issuedAt: runtime.now(),
    expiresAt: request.expiresAt,
    maxUses: request.maxUses,
    usesRemaining: request.maxUses,
    policyRevision: runtime.grantPolicyRevision,
    revoked: false,
    delegationBehavior: request.delegationBehavior ?? 'does-not-propagate',
    ...(runtime.signingKeyId === undefined ? {} : { keyId: runtime.signingKeyId }),
    signature: '',
  };
  assertGrantShape(unsigned);
  const grant: ReusableApprovalGrant = { ...unsigned, signature: runtime.signGrant(unsigned) };
  await grantStore(runtime).issue(grant);
  return grant;
}

export async function listGrants(
  runtime: ApprovalRuntime | undefined,
  filter?: GrantFilter,
): Promise<readonly ReusableApprovalGrant[]> {
  return grantStore(runtime).list(filter);
}

export async function revokeGrant(runtime: ApprovalRuntime | undefined, id: string): Promise<void> {
  await grantStore(runtime).revoke(id);
}
