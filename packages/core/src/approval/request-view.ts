import { ApprovalError, type ApprovalRequestView, normalizeFrozenCapabilities } from '@armorer/approval';
import type { RequestContext } from '../policy/request-context';
import type { ApprovalRevisions } from './approval-runtime';

/**
 * Refuses a request fact a binding cannot record faithfully. Mapping it to "not set" would let any other
 * unusable value match it: a binding paused for principal 42 (a number) would resume for principal 43.
 */
function unusable(field: string, value: unknown): never {
  throw new ApprovalError({
    code: 'missing-request-context',
    message: `requestContext ${field} must be a string to be bound to an approval (got ${value === null ? 'null' : typeof value}).`,
  });
}

function textOrNull(value: unknown, field: string): string | null {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return null;
  return unusable(field, value);
}

function revisionOrNull(value: unknown): string | number | null {
  if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value;
  if (value === undefined || value === null) return null;
  return unusable('authority.authorizationRevision (or a finite number)', value);
}

function capabilityList(value: unknown): readonly string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) return unusable('authority.capabilities (an array of strings)', value);
  for (let index = 0; index < value.length; index++) {
    if (typeof value[index] !== 'string')
      unusable('authority.capabilities (an array of strings)', value[index]);
  }
  return normalizeFrozenCapabilities(value as readonly string[]);
}

/**
 * The request facts and revisions a binding is signed over and a resume is matched against. `context` is a
 * context `freezeRequestContext` made (its lists are frozen). A fact that is set but unusable (a number
 * for an id, a capability list that is not strings) is refused with an ApprovalError
 * (`missing-request-context`), never recorded as unset.
 */
export function requestView(
  context: RequestContext | undefined,
  ownerId: string | undefined,
  revisions: ApprovalRevisions,
  toolDefinitionRevision: string,
): ApprovalRequestView {
  const authority = context?.authority;
  return {
    principalId: textOrNull(authority?.principalId, 'authority.principalId'),
    tenantId: textOrNull(authority?.tenantId, 'authority.tenantId'),
    ownerId: textOrNull(ownerId, 'ownerId'),
    audience: textOrNull(context?.audience, 'audience'),
    agentId: textOrNull(context?.agentId, 'agentId'),
    runId: textOrNull(context?.runId, 'runId'),
    authorizationRevision: revisionOrNull(authority?.authorizationRevision),
    capabilities: capabilityList(authority?.capabilities),
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
