import { GrantError } from '../errors/errors';
import { canonicalJson } from '../json/canonical-json';
import { isApprovalKeyId } from '../signing/key-problems';
import { GRANT_VERSION, type ReusableApprovalGrant } from './types';

const MAX_STRING = 1024;
const SCOPES = new Set(['principal', 'run', 'session']);
const DELEGATION = new Set(['does-not-propagate', 'propagates']);

function invalid(field: string): never {
  throw new GrantError(`The grant is malformed: "${field}" is missing or invalid.`, 'invalid-grant');
}

function requiredText(record: Record<string, unknown>, field: string): void {
  const value = record[field];
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_STRING) invalid(field);
}

function optionalText(record: Record<string, unknown>, field: string): void {
  const value = record[field];
  if (value === undefined) return;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_STRING) invalid(field);
}

function time(record: Record<string, unknown>, field: string): number {
  const value = record[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) invalid(field);
  return value;
}

/**
 * Throws a `GrantError` (`invalid-scope`) when a run grant has no `runId` or a session grant no
 * `sessionId`.
 *
 * @example
 * ```ts
 * assertGrantScope({ scope: 'session' }); // throws GrantError('...', 'invalid-scope')
 * ```
 */
export function assertGrantScope(grant: {
  readonly scope?: unknown;
  readonly runId?: unknown;
  readonly sessionId?: unknown;
}): void {
  if (!SCOPES.has(grant.scope as string)) {
    throw new GrantError('A grant scope must be "principal", "run" or "session".', 'invalid-scope');
  }
  const missing = (value: unknown) => typeof value !== 'string' || value.length === 0;
  if (grant.scope === 'run' && missing(grant.runId)) {
    throw new GrantError('A grant with scope "run" needs a runId.', 'invalid-scope');
  }
  if (grant.scope === 'session' && missing(grant.sessionId)) {
    throw new GrantError('A grant with scope "session" needs a sessionId.', 'invalid-scope');
  }
}

/**
 * Checks that an untrusted value has the shape of a {@link ReusableApprovalGrant} (it does not check the
 * signature). Throws a `GrantError` (`invalid-grant` or `invalid-scope`).
 *
 * @example
 * ```ts
 * assertGrantShape(JSON.parse(row.grant));
 * ```
 */
export function assertGrantShape(value: unknown): asserts value is ReusableApprovalGrant {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid('grant');
  const record = value as Record<string, unknown>;
  if (record.version !== GRANT_VERSION) invalid('version');
  for (const field of ['id', 'principalId', 'toolName', 'policyRevision']) requiredText(record, field);
  for (const field of [
    'tenantId',
    'ownerId',
    'agentId',
    'resourcePattern',
    'resourceField',
    'runId',
    'sessionId',
  ])
    optionalText(record, field);
  assertGrantScope(record);
  const issuedAt = time(record, 'issuedAt');
  if (time(record, 'expiresAt') <= issuedAt) invalid('expiresAt');
  const maxUses = record.maxUses;
  if (typeof maxUses !== 'number' || !Number.isSafeInteger(maxUses) || maxUses < 1) invalid('maxUses');
  const uses = record.usesRemaining;
  if (typeof uses !== 'number' || !Number.isSafeInteger(uses) || uses < 0 || uses > maxUses)
    invalid('usesRemaining');
  if (typeof record.revoked !== 'boolean') invalid('revoked');
  if (!DELEGATION.has(record.delegationBehavior as string)) invalid('delegationBehavior');
  if (typeof record.signature !== 'string') invalid('signature');
  if (record.keyId !== undefined && !isApprovalKeyId(record.keyId)) invalid('keyId');
  const constraints = record.argumentConstraints;
  if (constraints !== undefined) {
    if (typeof constraints !== 'object' || constraints === null || Array.isArray(constraints)) {
      invalid('argumentConstraints');
    }
    try {
      canonicalJson(constraints);
    } catch {
      invalid('argumentConstraints');
    }
  }
}
