import {
  type ApprovalBinding,
  ApprovalError,
  type ApprovalStateStore,
  approvalBindingStoreEpoch,
  approvalRefusal,
  createNonce,
  parseApprovalBinding,
} from '@armorer/approval';
import { luaScript, type RedisScriptClient, runScript } from '../client/redis-client';
import { StoreError } from '../errors/store-error';

/**
 * The store epoch of the Redis approval store: a random id kept in one key (`<prefix>{approval-epoch}`,
 * without expiry) joined with the server's `run_id`, which changes on every start of the server. So the
 * epoch changes when the data may have been lost: after a restart (with or without persistence: an
 * append-only file synced every second, or a snapshot, loses the last writes), a `FLUSHALL` or `FLUSHDB`
 * (the key is gone), or a failover to a replica (another run id). A restore also refuses while the server
 * has evicted any key since it started (`INFO stats` `evicted_keys`: under an evicting `maxmemory-policy`
 * a binding's record may be gone), and when the server clock says the binding expired (its record expires
 * with it, plus the retention). Deleting approval keys by hand is not detected: never do it.
 *
 * Restoring needs the binding's key and the epoch key in one script, so one slot: on Redis Cluster a
 * restore is refused (`not-restorable`).
 */

/** ARGV: a fresh random id. Answers `<id>:<run_id>`. */
const EPOCH = luaScript(
  `local id = redis.call('GET', KEYS[1])
if not id then
  id = ARGV[1]
  redis.call('SET', KEYS[1], id)
end
return id .. ':' .. string.match(redis.call('INFO', 'server'), 'run_id:(%x+)')`,
  1,
);

/**
 * KEYS: the binding's key, the epoch key. ARGV: signature, the binding's epoch ('' for none), its expiry
 * (ms), the record's expire-at (ms), a fresh random id. Answers 1, or a refusal code.
 */
const RESTORE = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 's', 'sig')
if cur[1] then
  if cur[2] ~= ARGV[1] then return 'binding-conflict' end
  if cur[1] == 'issued' then return 1 end
  if cur[1] == 'revoked' then return 'revoked' end
  return 'already-' .. cur[1]
end
local id = redis.call('GET', KEYS[2])
if not id then
  redis.call('SET', KEYS[2], ARGV[5])
  return 'not-restorable'
end
if id .. ':' .. string.match(redis.call('INFO', 'server'), 'run_id:(%x+)') ~= ARGV[2] then
  return 'not-restorable'
end
local evicted = tonumber(string.match(redis.call('INFO', 'stats'), 'evicted_keys:(%d+)'))
if evicted == nil or evicted > 0 then return 'not-restorable' end
local time = redis.call('TIME')
if tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) >= tonumber(ARGV[3]) then
  return 'not-restorable'
end
redis.call('HSET', KEYS[1], 's', 'issued', 'sig', ARGV[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[4])
return 1`,
  2,
);

/**
 * The `epoch` and `restore` methods of the Redis approval store (see `ApprovalStateStore.restore`).
 * `keyOf` is the store's key of a binding; `epochKey` shares its prefix. @internal
 */
export function redisApprovalRestore(
  client: RedisScriptClient,
  epochKey: string,
  keyOf: (binding: ApprovalBinding) => string,
  retainMs: number,
): Required<Pick<ApprovalStateStore, 'epoch' | 'restore'>> {
  return {
    async epoch() {
      const epoch = await runScript(client, EPOCH, [epochKey, `redis:${createNonce()}`]);
      if (typeof epoch !== 'string' || epoch.length === 0) {
        throw new ApprovalError({ code: 'store-failed', message: 'Redis answered no approval epoch.' });
      }
      return epoch;
    },
    async restore(binding) {
      const checked = parseApprovalBinding(binding);
      let answer: unknown;
      try {
        answer = await runScript(client, RESTORE, [
          keyOf(checked),
          epochKey,
          checked.signature,
          approvalBindingStoreEpoch(checked) ?? '',
          checked.expiresAt,
          checked.expiresAt + retainMs,
          `redis:${createNonce()}`,
        ]);
      } catch (error) {
        if (StoreError.isInstance(error) && /CROSSSLOT/.test(error.message)) {
          throw new ApprovalError({
            code: 'not-restorable',
            message:
              'Redis Cluster cannot restore approvals: a binding and the store epoch live in different slots.',
            cause: error,
          });
        }
        throw error;
      }
      if (answer !== 1) throw approvalRefusal(String(answer));
    },
  };
}
