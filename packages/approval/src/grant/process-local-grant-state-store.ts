import { GrantError } from '../errors/errors';
import type { GrantStateStore } from './grant-state-store';
import type { GrantFilter, ReusableApprovalGrant } from './types';
import { assertGrantShape } from './validate-grant';

/**
 * An in-memory {@link GrantStateStore}: process-local, lost on restart. `issue` sets `usesRemaining` to
 * `maxUses`; `decrementUse` is the only method that changes it, floored at zero. Each method runs to
 * completion without yielding, so it is atomic within the process.
 *
 * @example
 * ```ts
 * const grantStore = createProcessLocalGrantStateStore();
 * const toolbox = createToolbox(tools, { approvalSecret, grantStateStore: grantStore });
 * ```
 */
export function createProcessLocalGrantStateStore(): GrantStateStore {
  const grants = new Map<string, ReusableApprovalGrant>();

  return {
    async issue(grant) {
      assertGrantShape(grant);
      if (grants.has(grant.id))
        throw new GrantError(`A grant with id "${grant.id}" already exists.`, 'duplicate-grant');
      grants.set(grant.id, snapshot({ ...grant, usesRemaining: grant.maxUses }));
    },
    async get(id) {
      return typeof id === 'string' ? grants.get(id) : undefined;
    },
    async list(filter?: GrantFilter) {
      const found: ReusableApprovalGrant[] = [];
      for (const grant of grants.values()) if (selected(grant, filter)) found.push(grant);
      return found;
    },
    async decrementUse(id) {
      const grant = typeof id === 'string' ? grants.get(id) : undefined;
      if (grant === undefined || grant.revoked || grant.usesRemaining <= 0) return undefined;
      const usesRemaining = grant.usesRemaining - 1;
      grants.set(id, Object.freeze({ ...grant, usesRemaining }));
      return { usesRemaining };
    },
    async revoke(id) {
      const grant = typeof id === 'string' ? grants.get(id) : undefined;
      if (grant === undefined || grant.revoked) return;
      grants.set(id, Object.freeze({ ...grant, revoked: true }));
    },
  };
}

function selected(grant: ReusableApprovalGrant, filter: GrantFilter | undefined): boolean {
  if (filter === undefined) return !grant.revoked;
  if (grant.revoked && filter.includeRevoked !== true) return false;
  if (filter.principalId !== undefined && grant.principalId !== filter.principalId) return false;
  if (filter.tenantId !== undefined && grant.tenantId !== filter.tenantId) return false;
  if (filter.toolName !== undefined && grant.toolName !== filter.toolName) return false;
  return true;
}

/** A frozen copy the caller cannot change afterwards (constraints deep-copied and deep-frozen). */
function snapshot(grant: ReusableApprovalGrant): ReusableApprovalGrant {
  const constraints = grant.argumentConstraints;
  if (constraints === undefined) return Object.freeze(grant);
  return Object.freeze({ ...grant, argumentConstraints: deepFreeze(structuredClone(constraints)) });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
