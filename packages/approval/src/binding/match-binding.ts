import { type ApprovalErrorCode, approvalError } from '../errors/errors';
import type { ApprovalBinding, ApprovalRequestView } from './types';

/** A refusal found by {@link matchApprovalBinding}. */
export interface ApprovalMismatch {
  readonly code: ApprovalErrorCode;
  readonly message: string;
}

const IDENTITY: readonly (readonly [keyof ApprovalRequestView, ApprovalErrorCode, string])[] = [
  ['tenantId', 'tenant-mismatch', 'tenant'],
  ['principalId', 'principal-mismatch', 'principal'],
  ['ownerId', 'owner-mismatch', 'owner'],
  ['audience', 'audience-mismatch', 'audience'],
  ['agentId', 'agent-mismatch', 'agent'],
  ['runId', 'run-mismatch', 'run'],
  ['authorizationRevision', 'authorization-mismatch', 'authorization revision'],
  ['toolboxRevision', 'revision-mismatch', 'toolbox revision'],
  ['toolDefinitionRevision', 'revision-mismatch', 'tool definition revision'],
  ['policyRevision', 'revision-mismatch', 'policy revision'],
  ['approvalRevision', 'revision-mismatch', 'approval revision'],
];

/**
 * Checks a binding against the current request and clock. Returns the first reason to refuse, or
 * `undefined` when it matches: not expired, same tenant, principal, owner, audience, agent, run,
 * authorization revision, capability set, and toolbox, tool-definition, policy and approval revisions.
 * Every comparison is exact; an unset value only matches an unset value.
 *
 * @example
 * ```ts
 * const mismatch = matchApprovalBinding(binding, currentView, Date.now());
 * if (mismatch) throw new ApprovalError(mismatch);
 * ```
 */
export function matchApprovalBinding(
  binding: ApprovalBinding,
  view: ApprovalRequestView,
  now: number,
): ApprovalMismatch | undefined {
  if (!(typeof now === 'number' && Number.isFinite(now) && now < binding.expiresAt)) {
    return { code: 'expired', message: 'The approval has expired.' };
  }
  // Static property reads (a loop over field names would be a megamorphic keyed load); the fast test
  // first, the table only to name the first difference.
  if (
    binding.tenantId !== view.tenantId ||
    binding.principalId !== view.principalId ||
    binding.ownerId !== view.ownerId ||
    binding.audience !== view.audience ||
    binding.agentId !== view.agentId ||
    binding.runId !== view.runId ||
    binding.authorizationRevision !== view.authorizationRevision ||
    binding.toolboxRevision !== view.toolboxRevision ||
    binding.toolDefinitionRevision !== view.toolDefinitionRevision ||
    binding.policyRevision !== view.policyRevision ||
    binding.approvalRevision !== view.approvalRevision
  ) {
    for (const [field, code, label] of IDENTITY) {
      if (binding[field] !== view[field]) {
        return { code, message: `The approval was issued for another ${label}.` };
      }
    }
  }
  if (!sameCapabilities(binding.capabilities, view.capabilities)) {
    return {
      code: 'capability-mismatch',
      message: 'The approval was issued for another set of capabilities.',
    };
  }
  return undefined;
}

/** Throws the refusal {@link matchApprovalBinding} finds, as an `ApprovalError`. */
export function assertApprovalBindingMatches(
  binding: ApprovalBinding,
  view: ApprovalRequestView,
  now: number,
): void {
  const mismatch = matchApprovalBinding(binding, view, now);
  if (mismatch !== undefined) throw approvalError(mismatch.code, mismatch.message);
}

function sameCapabilities(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/**
 * Sorts and de-duplicates a capability list, as bindings record it (`null` when there is none).
 *
 * @example
 * ```ts
 * normalizeCapabilities(['write', 'read', 'read']); // ['read', 'write']
 * ```
 */
export function normalizeCapabilities(capabilities: readonly string[] | undefined): readonly string[] | null {
  if (capabilities === undefined) return null;
  if (Object.isFrozen(capabilities) && isSortedUnique(capabilities)) return capabilities;
  return sortedUnique(capabilities);
}

/**
 * {@link normalizeCapabilities} of a list the caller knows is frozen (a request context armorer froze):
 * the same result without `Object.isFrozen`, which costs JavaScriptCore about 0.1 µs per frozen array.
 * @internal
 */
export function normalizeFrozenCapabilities(capabilities: readonly string[]): readonly string[] {
  return isSortedUnique(capabilities) ? capabilities : sortedUnique(capabilities);
}

function sortedUnique(capabilities: readonly string[]): readonly string[] {
  return Object.freeze([...new Set(capabilities.filter((item) => typeof item === 'string'))].sort());
}

function isSortedUnique(list: readonly unknown[]): boolean {
  for (let index = 0; index < list.length; index++) {
    const item = list[index];
    if (typeof item !== 'string') return false;
    if (index > 0 && !((list[index - 1] as string) < item)) return false;
  }
  return true;
}
