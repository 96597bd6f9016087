import type { GrantRequest, GrantScope, ReusableApprovalGrant } from '@armorer/approval';
import type { Toolbox } from '@armorer/core';
import type { GrantsAnswer, GrantView } from '../protocol';

const SCOPES: readonly GrantScope[] = ['principal', 'run', 'session'];
/** Grants listed at most. */
const MAX_LISTED = 200;

function grantView(grant: ReusableApprovalGrant): GrantView {
  const view: { -readonly [K in keyof GrantView]: GrantView[K] } = {
    id: String(grant.id),
    toolName: String(grant.toolName),
    principalId: String(grant.principalId),
    scope: String(grant.scope),
    usesRemaining: Number(grant.usesRemaining),
    maxUses: Number(grant.maxUses),
    expiresAt: Number(grant.expiresAt),
    revoked: grant.revoked === true,
  };
  if (typeof grant.tenantId === 'string') view.tenantId = grant.tenantId;
  if (typeof grant.resourcePattern === 'string') view.resourcePattern = grant.resourcePattern;
  return view;
}

function message(error: unknown, fallback: string): string {
  return error instanceof Error ? error.message : fallback;
}

/** The toolbox's grants (revoked ones too), newest last. */
export async function listGrants(toolbox: Toolbox, error?: string): Promise<GrantsAnswer> {
  try {
    const grants = await toolbox.listGrants({ includeRevoked: true });
    const views = grants.slice(-MAX_LISTED).map(grantView);
    return error === undefined ? { grants: views } : { grants: views, error };
  } catch (listError) {
    return { grants: [], error: error ?? message(listError, 'The grants could not be listed.') };
  }
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Reads the page's grant form into a `GrantRequest`: strings trimmed (empty ones left out), the expiry
 * given in minutes from now. Anything else is for `toolbox.issueGrant` to refuse with its own message.
 */
export function grantRequestOf(body: Record<string, unknown>, now: number): GrantRequest | string {
  const principalId = optionalString(body.principalId);
  const toolName = optionalString(body.toolName);
  if (principalId === undefined) return 'A grant needs a principal.';
  if (toolName === undefined) return 'A grant needs a tool.';
  const scope = body.scope;
  if (!SCOPES.includes(scope as GrantScope)) return 'The scope must be principal, run or session.';
  const minutes = Number(body.expiresInMinutes);
  const maxUses = Number(body.maxUses);
  if (!Number.isFinite(minutes) || minutes <= 0) return 'Expires in: a number of minutes above 0.';
  if (!Number.isSafeInteger(maxUses) || maxUses < 1) return 'Max uses: a whole number from 1.';
  const request: { -readonly [K in keyof GrantRequest]: GrantRequest[K] } = {
    principalId,
    toolName,
    scope: scope as GrantScope,
    expiresAt: now + Math.round(minutes * 60_000),
    maxUses,
  };
  for (const key of ['tenantId', 'ownerId', 'agentId', 'runId', 'sessionId', 'resourcePattern'] as const) {
    const value = optionalString(body[key]);
    if (value !== undefined) request[key] = value;
  }
  return request;
}

/** Issues a grant through `toolbox.issueGrant` and lists the grants (with the refusal, if any). */
export async function issueGrant(toolbox: Toolbox, body: Record<string, unknown>): Promise<GrantsAnswer> {
  const request = grantRequestOf(body, Date.now());
  if (typeof request === 'string') return listGrants(toolbox, request);
  try {
    await toolbox.issueGrant(request);
    return listGrants(toolbox);
  } catch (error) {
    return listGrants(toolbox, message(error, 'The grant could not be issued.'));
  }
}

/** Revokes a grant (idempotent) and lists the grants. */
export async function revokeGrant(toolbox: Toolbox, id: unknown): Promise<GrantsAnswer> {
  if (typeof id !== 'string' || id === '') return listGrants(toolbox, 'Which grant? (an id)');
  try {
    await toolbox.revokeGrant(id);
    return listGrants(toolbox);
  } catch (error) {
    return listGrants(toolbox, message(error, 'The grant could not be revoked.'));
  }
}
