import type { MaybePromise } from '../store/approval-state-store';
import type { GrantFilter, ReusableApprovalGrant } from './types';

/**
 * Where reusable approval grants live. The store is trusted with the live use counter: `decrementUse`
 * is the only method that changes `usesRemaining`, atomically. Run `grantStateStoreConformance` from
 * `@armorer/test` against an implementation to check the contract.
 *
 * @example
 * ```ts
 * const grants: GrantStateStore = createProcessLocalGrantStateStore();
 * await grants.issue(signedGrant);
 * await grants.decrementUse(signedGrant.id); // { usesRemaining: 4 }
 * ```
 */
export interface GrantStateStore {
  /**
   * Records a grant, with `usesRemaining` set to `maxUses` whatever the caller passed. Fails with a
   * `GrantError` (`duplicate-grant`) when the id is known, (`invalid-grant`) for a malformed grant.
   */
  issue(grant: ReusableApprovalGrant): MaybePromise<void>;
  /** The grant with its live `usesRemaining`, or `undefined`. */
  get(id: string): MaybePromise<ReusableApprovalGrant | undefined>;
  /** The grants every given filter field equals (revoked ones only with `includeRevoked`). */
  list(filter?: GrantFilter): MaybePromise<readonly ReusableApprovalGrant[]>;
  /**
   * Atomically takes one use: returns the uses left after it, or `undefined` (nothing taken) for an
   * unknown, revoked or exhausted grant. Never goes below zero.
   */
  decrementUse(id: string): MaybePromise<{ readonly usesRemaining: number } | undefined>;
  /** Marks the grant revoked. Idempotent; never throws for an unknown or already revoked id. */
  revoke(id: string): MaybePromise<void>;
}
