import { GrantError } from '../errors/errors';
import type { GrantStateStore } from './grant-state-store';
import type { GrantFilter, ReusableApprovalGrant } from './types';
import { assertGrantShape } from './validate-grant';

/** Grant ids by tenant (`null`: none), principal and tool, in the order they were issued. */
type GrantIndex = Map<string | null, Map<string, Map<string, string[]>>>;

/**
 * An in-memory {@link GrantStateStore}: process-local, lost on restart. `issue` sets `usesRemaining` to
 * `maxUses`; `decrementUse` is the only method that changes it, floored at zero. Each method runs to
 * completion without yielding, so it is atomic within the process. Grants are indexed by tenant,
 * principal and tool: a `list` naming the tenant reads only that tenant's grants (and only the
 * principal's and tool's when it names them too).
 *
 * @example
 * ```ts
 * const grantStore = createProcessLocalGrantStateStore();
 * const toolbox = createToolbox(tools, { approvalSecret, grantStateStore: grantStore });
 * ```
 */
export function createProcessLocalGrantStateStore(): GrantStateStore {
  const grants = new Map<string, ReusableApprovalGrant>();
  const index: GrantIndex = new Map();

  function addToIndex(grant: ReusableApprovalGrant): void {
    const tenant = grant.tenantId ?? null;
    let principals = index.get(tenant);
    if (principals === undefined) {
      principals = new Map();
      index.set(tenant, principals);
    }
    let tools = principals.get(grant.principalId);
    if (tools === undefined) {
      tools = new Map();
      principals.set(grant.principalId, tools);
    }
    const ids = tools.get(grant.toolName);
    if (ids === undefined) tools.set(grant.toolName, [grant.id]);
    else ids.push(grant.id);
  }

  /** The ids of the tenant's grants (`null`: none) a filter can select, read from the index. */
  function candidates(tenantId: string | null, filter: GrantFilter): string[] {
    const principals = index.get(tenantId);
    if (principals === undefined) return [];
    const found: string[] = [];
    const byPrincipal =
      filter.principalId === undefined ? principals.values() : [principals.get(filter.principalId)];
    for (const tools of byPrincipal) {
      if (tools === undefined) continue;
      const byTool = filter.toolName === undefined ? tools.values() : [tools.get(filter.toolName)];
      for (const ids of byTool) if (ids !== undefined) found.push(...ids);
    }
    return found;
  }

  return {
    async issue(grant) {
      assertGrantShape(grant);
      if (grants.has(grant.id))
        throw new GrantError(`A grant with id "${grant.id}" already exists.`, 'duplicate-grant');
      const stored = snapshot({ ...grant, usesRemaining: grant.maxUses });
      grants.set(grant.id, stored);
      addToIndex(stored);
    },
    async get(id) {
      return typeof id === 'string' ? grants.get(id) : undefined;
    },
    async list(filter?: GrantFilter) {
      const found: ReusableApprovalGrant[] = [];
      const tenantId = filter?.tenantId;
      if (filter === undefined || tenantId === undefined) {
        // No tenant named: every grant is a candidate (an administrator's listing).
        for (const grant of grants.values()) if (selected(grant, filter)) found.push(grant);
        return found;
      }
      for (const id of candidates(tenantId, filter)) {
        const grant = grants.get(id);
        if (grant !== undefined && selected(grant, filter)) found.push(grant);
      }
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
  if (filter.tenantId !== undefined && (grant.tenantId ?? null) !== filter.tenantId) return false;
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
