import type {
  ClaimResult,
  CompletedEntry,
  StartedEntry,
  ToolResultCache,
  ToolResultCacheEntry,
} from '@armorer/idempotency';
import {
  checkCompletedEntry,
  checkStartedEntry,
  checkTime,
  checkUtf8CacheKey,
  parseStoredEntry,
} from '@armorer/idempotency';
import { nonNegative } from '../approval/redis-approval-state-store';
import {
  checkClient,
  checkPrefix,
  escapeTag,
  type RedisScriptClient,
  runScript,
} from '../client/redis-client';
import { StoreError } from '../errors/store-error';
import { CLAIM, COMPLETE, DELETE, GET, RENEW, REPLACE_LEGACY, REPLACE_UNKNOWN } from './scripts';

/** Options of {@link createRedisToolResultCache}, as `createRedisStores` resolved them. @internal */
export interface RedisToolResultCacheOptions {
  /** The stores' connection over your client. */
  readonly client: RedisScriptClient;
  /** Prefix of every key (default `armorer:`; no braces). */
  readonly keyPrefix?: string;
  /**
   * How long a record (a result, or the started marker of an attempt whose outcome is unknown) is kept
   * after its last write (default seven days). Past it Redis drops the key and a retry with the same key
   * runs the tool again: keep it longer than any redelivery of a task.
   */
  readonly retentionMs?: number;
}

const CLAIMED: ClaimResult = Object.freeze({ claimed: true });

/**
 * The `ToolResultCache` of `@armorer/idempotency` on Redis 7 or Valkey: every compare-and-set is one Lua
 * script on one key, `<prefix>{result:<cache key>}` (a single slot on Redis Cluster). Records expire
 * through `PEXPIREAT` `retentionMs` after their last write. Built by `createRedisStores` (its `cache`).
 * @internal
 */
export function createRedisToolResultCache(options: RedisToolResultCacheOptions): ToolResultCache {
  const client = checkClient(options?.client);
  const prefix = `${checkPrefix(options.keyPrefix)}{result:`;
  const retention = nonNegative(options.retentionMs, 7 * 24 * 60 * 60 * 1000, 'retentionMs');
  const keyOf = (key: string) => `${prefix}${escapeTag(checkUtf8CacheKey(key))}}`;
  const expireAt = () => Date.now() + retention;
  const yes = async (promise: Promise<unknown>) => (await promise) === 1;

  return {
    specificationVersion: 'v1',
    async get(key): Promise<ToolResultCacheEntry | undefined> {
      const fields = await runScript(client, GET, [keyOf(key)]);
      if (!Array.isArray(fields)) {
        throw new StoreError({ code: 'corrupt-record', message: `Unexpected read answer for ${key}.` });
      }
      const [json, lease] = fields as (string | null)[];
      return json == null ? undefined : parseStoredEntry(json, lease ?? null);
    },
    async claimStarted(key, entry: StartedEntry): Promise<ClaimResult> {
      checkStartedEntry(entry);
      const answer = await runScript(client, CLAIM, [
        keyOf(key),
        JSON.stringify(entry),
        entry.attemptId,
        entry.leaseExpiresAt,
        entry.leaseDeadlineAt,
        expireAt(),
      ]);
      if (answer === 1) return CLAIMED;
      if (!Array.isArray(answer) || typeof answer[0] !== 'string') {
        throw new StoreError({
          code: 'corrupt-record',
          message: `Unexpected claim answer for ${key}.`,
        });
      }
      return { claimed: false, entry: parseStoredEntry(answer[0], answer[1] ?? null) };
    },
    renewStarted: (key, attemptId, leaseExpiresAt) =>
      yes(runScript(client, RENEW, [keyOf(key), String(attemptId), checkTime(leaseExpiresAt)])),
    completeStarted(key, attemptId, entry: CompletedEntry) {
      checkCompletedEntry(entry, attemptId);
      return yes(runScript(client, COMPLETE, [keyOf(key), attemptId, JSON.stringify(entry), expireAt()]));
    },
    deleteStarted: (key, attemptId) => yes(runScript(client, DELETE, [keyOf(key), String(attemptId)])),
    replaceUnknownStarted(key, attemptId, entry, now) {
      checkStartedEntry(entry);
      return yes(
        runScript(client, REPLACE_UNKNOWN, [
          keyOf(key),
          String(attemptId),
          checkTime(now),
          JSON.stringify(entry),
          entry.attemptId,
          entry.leaseExpiresAt,
          entry.leaseDeadlineAt,
          expireAt(),
        ]),
      );
    },
    replaceLegacyStarted(key, legacyStartedAt, entry) {
      checkStartedEntry(entry);
      return yes(
        runScript(client, REPLACE_LEGACY, [
          keyOf(key),
          checkTime(legacyStartedAt),
          JSON.stringify(entry),
          entry.attemptId,
          entry.leaseExpiresAt,
          entry.leaseDeadlineAt,
          expireAt(),
        ]),
      );
    },
  };
}
