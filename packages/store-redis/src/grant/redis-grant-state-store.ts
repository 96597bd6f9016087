import {
  assertGrantShape,
  GrantError,
  type GrantFilter,
  type GrantStateStore,
  type ReusableApprovalGrant,
} from '@armorer/approval';
import { nonNegative } from '../approval/redis-approval-state-store';
import { checkClient, checkPrefix, type RedisScriptClient, runScript } from '../client/redis-client';
import { StoreError } from '../errors/store-error';
import { DECREMENT_USE, GET_GRANT, ISSUE_GRANT, LIST_GRANTS, REVOKE_GRANT } from './scripts';

/** Options of {@link createRedisGrantStateStore}. */
export interface RedisGrantStateStoreOptions {
  /** A connected client (ioredis `Redis` or `Cluster`). The store never closes it. */
  readonly client: RedisScriptClient;
  /** Prefix of every key (default `armorer:`; no braces). */
  readonly keyPrefix?: string;
  /** How long past its expiry a grant's record is kept before Redis drops it (default one day). */
  readonly retainExpiredMs?: number;
}

/**
 * A {@link GrantStateStore} on Redis 7 or Valkey. Each method is one Lua script; `decrementUse` takes a use
 * atomically and never below zero. Every grant key carries the hash tag `{grants}` (with its indexes),
 * so a Redis Cluster keeps them in one slot: `issue` and `list` stay atomic. Grants are indexed by tenant
 * and by tenant, principal and tool: a lookup reads only the grants that can match, whatever other tenants
 * hold. Records expire through `PEXPIREAT` (expiry plus `retainExpiredMs`); `issue` trims the indexes.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * const grantStateStore = createRedisGrantStateStore({ client: new Redis(process.env.REDIS_URL!) });
 * const toolbox = createToolbox(tools, { approvalSecret, grantStateStore });
 * ```
 */
export function createRedisGrantStateStore(options: RedisGrantStateStoreOptions): GrantStateStore {
  const client = checkClient(options?.client);
  const prefix = `${checkPrefix(options.keyPrefix)}{grants}:`;
  const index = `${prefix}index`;
  const grantPrefix = `${prefix}g:`;
  // The index keys name their tenant (or none), principal and tool as JSON: values holding ':' or quotes
  // cannot make two indexes meet.
  const tenantIndex = (tenantId: unknown) => `${prefix}t:${JSON.stringify(tenantId ?? null)}`;
  const lookupIndex = (tenantId: unknown, principalId: unknown, toolName: unknown) =>
    `${prefix}l:${JSON.stringify([tenantId ?? null, principalId, toolName])}`;
  const retain = nonNegative(options.retainExpiredMs, 24 * 60 * 60 * 1000, 'retainExpiredMs');

  return {
    async issue(grant) {
      assertGrantShape(grant);
      const { usesRemaining: _uses, revoked: _revoked, ...signed } = grant;
      const expireAt = Math.max(grant.expiresAt + retain, Date.now() + 1000);
      const added = await runScript(client, ISSUE_GRANT, [
        grantPrefix + grant.id,
        index,
        tenantIndex(grant.tenantId),
        lookupIndex(grant.tenantId, grant.principalId, grant.toolName),
        grant.id,
        JSON.stringify(signed),
        grant.maxUses,
        expireAt,
        Date.now(),
      ]);
      if (added !== 1)
        throw new GrantError(`A grant with id "${grant.id}" already exists.`, 'duplicate-grant');
    },
    async get(id) {
      if (typeof id !== 'string') return undefined;
      const fields = (await runScript(client, GET_GRANT, [grantPrefix + id])) as (string | null)[];
      return fields[0] == null ? undefined : decode(fields[0], fields[1] ?? null, fields[2] ?? null);
    },
    async list(filter?: GrantFilter) {
      // A filter naming the tenant reads that tenant's index (its lookup index with principal and tool),
      // never every tenant's grants; one without a tenant is an administrator's listing of them all.
      const source =
        filter?.tenantId === undefined
          ? index
          : filter.principalId !== undefined && filter.toolName !== undefined
            ? lookupIndex(filter.tenantId, filter.principalId, filter.toolName)
            : tenantIndex(filter.tenantId);
      const flat = (await runScript(client, LIST_GRANTS, [source, grantPrefix, Date.now()])) as string[];
      const found: ReusableApprovalGrant[] = [];
      for (let i = 0; i + 2 < flat.length; i += 3) {
        const grant = decode(flat[i] as string, flat[i + 1] ?? null, flat[i + 2] ?? null);
        if (selected(grant, filter)) found.push(grant);
      }
      return found;
    },
    async decrementUse(id) {
      if (typeof id !== 'string') return undefined;
      const left = Number(await runScript(client, DECREMENT_USE, [grantPrefix + id]));
      return left < 0 ? undefined : { usesRemaining: left };
    },
    async revoke(id) {
      if (typeof id !== 'string') return;
      await runScript(client, REVOKE_GRANT, [grantPrefix + id]);
    },
  };
}

function decode(json: string, uses: string | null, revoked: string | null): ReusableApprovalGrant {
  try {
    const signed = JSON.parse(json) as Omit<ReusableApprovalGrant, 'usesRemaining' | 'revoked'>;
    return Object.freeze({ ...signed, usesRemaining: Number(uses), revoked: revoked === '1' });
  } catch (error) {
    throw new StoreError({
      code: 'corrupt-record',
      message: 'A grant record is not readable JSON.',
      cause: error,
    });
  }
}

/** Whether a grant passes a list filter (revoked ones only with `includeRevoked`). @internal */
export function selected(grant: ReusableApprovalGrant, filter: GrantFilter | undefined): boolean {
  if (grant.revoked && filter?.includeRevoked !== true) return false;
  if (filter === undefined) return true;
  if (filter.principalId !== undefined && grant.principalId !== filter.principalId) return false;
  if (filter.tenantId !== undefined && (grant.tenantId ?? null) !== filter.tenantId) return false;
  if (filter.toolName !== undefined && grant.toolName !== filter.toolName) return false;
  return true;
}
