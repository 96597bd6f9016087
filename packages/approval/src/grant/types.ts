import type { JsonValue } from '../json/canonical-json';

/** The grant format version; a grant of another version never verifies. */
export const GRANT_VERSION = 1 as const;

/**
 * Which calls a grant can authorize beyond principal, tenant, owner, agent, tool and resource:
 * `principal` any call of them; `run` only calls carrying its `runId`; `session` only calls carrying
 * its `sessionId` (any run of that session).
 */
export type GrantScope = 'principal' | 'run' | 'session';

/** Whether a grant may authorize calls delegated to another agent. Armorer matches `agentId` exactly. */
export type GrantDelegationBehavior = 'does-not-propagate' | 'propagates';

/**
 * A reusable approval: a matching future call skips human review. Signed over every field except
 * `signature` and `usesRemaining` (the store's live counter).
 */
export interface ReusableApprovalGrant {
  readonly version: typeof GRANT_VERSION;
  readonly id: string;
  readonly principalId: string;
  readonly tenantId?: string;
  readonly ownerId?: string;
  readonly agentId?: string;
  readonly toolName: string;
  /** Anchored glob (`*` within one path segment, `**` across `/`) matched against the resource field. */
  readonly resourcePattern?: string;
  /** The argument `resourcePattern` is matched against (default `resource`). */
  readonly resourceField?: string;
  /** Plain JSON, matched by deep equality per key against the call's arguments. */
  readonly argumentConstraints?: Readonly<Record<string, JsonValue>>;
  readonly scope: GrantScope;
  /** Required when `scope` is `run`. */
  readonly runId?: string;
  /** Required when `scope` is `session`. */
  readonly sessionId?: string;
  /** Epoch milliseconds. */
  readonly issuedAt: number;
  /** Epoch milliseconds; the grant does not match from this instant on. */
  readonly expiresAt: number;
  readonly maxUses: number;
  readonly usesRemaining: number;
  /** The toolbox policy revision the grant was issued under; another revision never matches. */
  readonly policyRevision: string;
  readonly revoked: boolean;
  readonly delegationBehavior: GrantDelegationBehavior;
  /** The id of the keyring key that signed it (signed with the rest); absent under a single secret. */
  readonly keyId?: string;
  readonly signature: string;
}

/** What `toolbox.issueGrant` takes: the toolbox mints id, issue time, uses, policy revision and signature. */
export interface GrantRequest {
  readonly principalId: string;
  readonly tenantId?: string;
  readonly ownerId?: string;
  readonly agentId?: string;
  readonly toolName: string;
  readonly resourcePattern?: string;
  readonly resourceField?: string;
  readonly argumentConstraints?: Readonly<Record<string, JsonValue>>;
  readonly scope: GrantScope;
  readonly runId?: string;
  readonly sessionId?: string;
  readonly expiresAt: number;
  readonly maxUses: number;
  readonly delegationBehavior?: GrantDelegationBehavior;
}

/**
 * Filters of `GrantStateStore.list` and `toolbox.listGrants`; every given field must equal. A store indexes
 * grants by tenant, principal and tool: a filter naming the tenant (and the principal and tool) reads only
 * the grants that can match, one without a tenant reads every grant (for administration).
 */
export interface GrantFilter {
  readonly principalId?: string;
  /** The tenant; `null` selects the grants issued without one (what a call without a tenant can use). */
  readonly tenantId?: string | null;
  readonly toolName?: string;
  /** Include revoked grants (default false). */
  readonly includeRevoked?: boolean;
}
