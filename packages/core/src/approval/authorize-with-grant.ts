import {
  type GrantMatchRequest,
  type GrantStateStore,
  matchGrant,
  type ReusableApprovalGrant,
} from '@armorer/approval';
import type { CallState } from '../execution/call-state';
import type { Registration } from '../execution/registration';
import type { RequestContext } from '../policy/request-context';

/**
 * Looks for a reusable grant that authorizes this call in place of a person. A grant that fails any
 * check, including its signature, is treated as absent; a match takes one use atomically from the store
 * and fires `grant.used`. Store failures also count as "no grant": the call then asks as usual.
 */
export async function authorizeWithGrant(state: CallState): Promise<boolean> {
  const found = await grantCandidates(state.reg, state.requestContext, state.params);
  if (found === undefined) return false;
  for (const grant of found.matching) {
    if (state.interrupted !== undefined) return false;
    let usesRemaining: number | undefined;
    try {
      usesRemaining = (await found.grants.decrementUse(grant.id))?.usesRemaining;
    } catch {
      continue;
    }
    if (typeof usesRemaining !== 'number') continue;
    emitGrantUsed(state, grant.id, found.principalId, usesRemaining);
    return true;
  }
  return false;
}

/**
 * Whether a grant would authorize the call, without taking a use: what `previewToolCall` answers. A grant
 * whose uses are spent does not count.
 */
export async function wouldAuthorizeWithGrant(
  reg: Registration,
  requestContext: RequestContext | undefined,
  params: Record<string, unknown>,
): Promise<boolean> {
  const found = await grantCandidates(reg, requestContext, params);
  return (
    found?.matching.some((grant) => typeof grant.usesRemaining === 'number' && grant.usesRemaining > 0) ===
    true
  );
}

interface GrantCandidates {
  readonly grants: GrantStateStore;
  readonly principalId: string;
  /** Verified grants that match the call, in the store's order. */
  readonly matching: readonly ReusableApprovalGrant[];
}

async function grantCandidates(
  reg: Registration,
  context: RequestContext | undefined,
  params: Record<string, unknown>,
): Promise<GrantCandidates | undefined> {
  const runtime = reg.owner.approval;
  const grants = runtime?.grants;
  if (runtime === undefined || grants === undefined || !runtime.signs) return undefined;
  const authority = context?.authority;
  const principalId = authority?.principalId;
  if (typeof principalId !== 'string') return undefined;
  const toolName = reg.config.name;
  const tenantId = authority?.tenantId;
  const ownerId = authority?.ownerId;
  const agentId = context?.agentId;
  const runId = context?.runId;
  const sessionId = context?.sessionId;
  // A fact that is set but not a string matches no grant: read as unset, it would match a grant issued
  // without it (a grant with no tenant authorizing tenant 7).
  if (!(unsetOrText(tenantId) && unsetOrText(ownerId) && unsetOrText(agentId))) return undefined;
  if (!(unsetOrText(runId) && unsetOrText(sessionId))) return undefined;
  let candidates: readonly ReusableApprovalGrant[];
  try {
    // Only grants of this tenant (or of none, `null`), principal and tool can match: the store reads
    // those through its index, never other tenants' grants.
    candidates = await grants.list({ tenantId: tenantId ?? null, principalId, toolName });
  } catch {
    return undefined;
  }
  if (!Array.isArray(candidates) || candidates.length === 0) return undefined;
  const request: GrantMatchRequest = {
    toolName,
    arguments: params,
    principalId,
    tenantId: tenantId ?? undefined,
    ownerId: ownerId ?? undefined,
    agentId: agentId ?? undefined,
    runId: runId ?? undefined,
    sessionId: sessionId ?? undefined,
    policyRevision: runtime.grantPolicyRevision,
    now: runtime.now(),
  };
  const matching = candidates.filter((grant) => {
    try {
      return runtime.grantVerifies(grant) && matchGrant(grant, request) === undefined;
    } catch {
      return false;
    }
  });
  return { grants, principalId, matching };
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
