import { type GrantMatchRequest, matchGrant, type ReusableApprovalGrant } from '@armorer/approval';
import type { CallState } from '../execution/call-state';

/**
 * Looks for a reusable grant that authorizes this call in place of a person. A grant that fails any
 * check, including its signature, is treated as absent; a match takes one use atomically from the store
 * and fires `grant.used`. Store failures also count as "no grant": the call then asks as usual.
 */
export async function authorizeWithGrant(state: CallState): Promise<boolean> {
  const runtime = state.reg.owner.approval;
  const grants = runtime?.grants;
  if (runtime === undefined || grants === undefined || !runtime.signs) return false;
  const context = state.requestContext;
  const authority = context?.authority;
  const principalId = authority?.principalId;
  if (typeof principalId !== 'string') return false;
  const toolName = state.reg.config.name;
  const tenantId = authority?.tenantId;
  const ownerId = authority?.ownerId;
  const agentId = context?.agentId;
  const runId = context?.runId;
  const sessionId = context?.sessionId;
  // A fact that is set but not a string matches no grant: read as unset, it would match a grant issued
  // without it (a grant with no tenant authorizing tenant 7).
  if (!(unsetOrText(tenantId) && unsetOrText(ownerId) && unsetOrText(agentId))) return false;
  if (!(unsetOrText(runId) && unsetOrText(sessionId))) return false;
  let candidates: readonly ReusableApprovalGrant[];
  try {
    // Only grants of this tenant (or of none, `null`), principal and tool can match: the store reads
    // those through its index, never other tenants' grants.
    candidates = await grants.list({ tenantId: tenantId ?? null, principalId, toolName });
  } catch {
    return false;
  }
  if (!Array.isArray(candidates) || candidates.length === 0) return false;
  const request: GrantMatchRequest = {
    toolName,
    arguments: state.params,
    principalId,
    tenantId: tenantId ?? undefined,
    ownerId: ownerId ?? undefined,
    agentId: agentId ?? undefined,
    runId: runId ?? undefined,
    sessionId: sessionId ?? undefined,
    policyRevision: runtime.grantPolicyRevision,
    now: runtime.now(),
  };
  for (const grant of candidates) {
    if (state.interrupted !== undefined) return false;
    let usesRemaining: number | undefined;
    try {
      if (!runtime.grantVerifies(grant) || matchGrant(grant, request) !== undefined) continue;
      usesRemaining = (await grants.decrementUse(grant.id))?.usesRemaining;
    } catch {
      continue;
    }
    if (typeof usesRemaining !== 'number') continue;
    emitGrantUsed(state, grant.id, principalId, usesRemaining);
    return true;
  }
  return false;
}

function unsetOrText(value: unknown): value is string | undefined | null {
  return value === undefined || value === null || typeof value === 'string';
}

function emitGrantUsed(state: CallState, grantId: string, principalId: string, usesRemaining: number): void {
  const emitter = state.reg.owner.emitter;
  if (emitter.size === 0 || !emitter.has('grant.used')) return;
  emitter.emit('grant.used', {
    type: 'grant.used',
    detail: { grantId, call: state.call, principalId, usesRemaining },
    timestamp: Date.now(),
    toolName: state.reg.config.name,
    callId: state.callId,
    executionId: state.executionId,
  });
}
