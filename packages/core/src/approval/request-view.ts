import { type ApprovalRequestView, normalizeFrozenCapabilities } from '@armorer/approval';
import type { RequestContext } from '../policy/request-context';
import type { ApprovalRevisions } from './approval-runtime';

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * The request facts and revisions a binding is signed over and a resume is matched against. `context` is a
 * context `freezeRequestContext` made (its lists are frozen).
 */
export function requestView(
  context: RequestContext | undefined,
  ownerId: string | undefined,
  revisions: ApprovalRevisions,
  toolDefinitionRevision: string,
): ApprovalRequestView {
  const authority = context?.authority;
  const authorization = authority?.authorizationRevision;
  const capabilities = authority?.capabilities;
  return {
    principalId: textOrNull(authority?.principalId),
    tenantId: textOrNull(authority?.tenantId),
    ownerId: textOrNull(ownerId),
    audience: textOrNull(context?.audience),
    agentId: textOrNull(context?.agentId),
    runId: textOrNull(context?.runId),
    authorizationRevision:
      typeof authorization === 'string' ||
      (typeof authorization === 'number' && Number.isFinite(authorization))
        ? authorization
        : null,
    capabilities: Array.isArray(capabilities) ? normalizeFrozenCapabilities(capabilities) : null,
    toolboxRevision: revisions.toolboxRevision,
    toolDefinitionRevision,
    policyRevision: revisions.policyRevision,
    approvalRevision: revisions.approvalRevision,
  };
}

/** The replay scope of a binding: replay protection is per tenant and principal. */
export function replayScopeOf(view: ApprovalRequestView): string {
  return `tenant=${encodeURIComponent(view.tenantId ?? '')};principal=${encodeURIComponent(view.principalId ?? '')}`;
}
