import { jsonEqual } from '../json/canonical-json';
import { matchResourcePattern } from './glob';
import type { ReusableApprovalGrant } from './types';

/** The incoming call and request a grant is matched against. */
export interface GrantMatchRequest {
  readonly toolName: string;
  /** The validated arguments of the call. */
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly principalId: string | undefined;
  readonly tenantId: string | undefined;
  readonly ownerId: string | undefined;
  readonly agentId: string | undefined;
  readonly runId: string | undefined;
  readonly sessionId: string | undefined;
  /** The toolbox's current policy revision. */
  readonly policyRevision: string;
  /** Epoch milliseconds. */
  readonly now: number;
}

/** Why a grant did not match (for diagnostics; a non-matching grant is simply absent). */
export type GrantMismatchReason =
  | 'revoked'
  | 'exhausted'
  | 'expired'
  | 'not-yet-valid'
  | 'policy-revision'
  | 'principal'
  | 'tenant'
  | 'owner'
  | 'agent'
  | 'tool'
  | 'scope'
  | 'resource'
  | 'arguments';

/**
 * Matches a grant (whose signature the caller has verified) against a call. Returns `undefined` on a
 * match, or the first reason it does not match: revoked, no uses left, expired, another policy revision,
 * principal, tenant, owner, agent or tool, scope (a run or session grant needs the request's exact
 * `runId`/`sessionId`, and one missing its own identifier never matches), the anchored
 * `resourcePattern` against the string argument named by `resourceField` (default `resource`), or an
 * `argumentConstraints` key whose value is not deeply equal.
 *
 * @example
 * ```ts
 * matchGrant(grant, { toolName: 'read-file', arguments: { resource: 'reports/q1' }, ...request });
 * ```
 */
export function matchGrant(
  grant: ReusableApprovalGrant,
  request: GrantMatchRequest,
): GrantMismatchReason | undefined {
  if (grant.revoked !== false) return 'revoked';
  if (!(grant.usesRemaining > 0)) return 'exhausted';
  if (!(request.now < grant.expiresAt)) return 'expired';
  if (!(grant.issuedAt <= request.now)) return 'not-yet-valid';
  if (grant.policyRevision !== request.policyRevision) return 'policy-revision';
  if (request.principalId === undefined || grant.principalId !== request.principalId) return 'principal';
  if (grant.tenantId !== request.tenantId) return 'tenant';
  if (grant.ownerId !== request.ownerId) return 'owner';
  if (grant.agentId !== request.agentId) return 'agent';
  if (grant.toolName !== request.toolName) return 'tool';
  if (!scopeMatches(grant, request)) return 'scope';
  if (grant.resourcePattern !== undefined) {
    const value = request.arguments[grant.resourceField ?? 'resource'];
    if (typeof value !== 'string' || !matchResourcePattern(grant.resourcePattern, value)) return 'resource';
  }
  const constraints = grant.argumentConstraints;
  if (constraints !== undefined) {
    for (const key of Object.keys(constraints)) {
      if (!Object.hasOwn(request.arguments, key)) return 'arguments';
      if (!jsonEqual(constraints[key], request.arguments[key])) return 'arguments';
    }
  }
  return undefined;
}

function scopeMatches(grant: ReusableApprovalGrant, request: GrantMatchRequest): boolean {
  switch (grant.scope) {
    case 'principal':
      return true;
    case 'run':
      return typeof grant.runId === 'string' && grant.runId.length > 0 && grant.runId === request.runId;
    case 'session':
      return (
        typeof grant.sessionId === 'string' &&
        grant.sessionId.length > 0 &&
        grant.sessionId === request.sessionId
      );
    default:
      return false;
  }
}
