import { luaScript } from '../client/redis-client';

// Every grant key shares the hash tag {grants}: issue writes the grant and its indexes in one slot.
// A grant is a hash: g = the signed grant as JSON, u = uses remaining, v = '1' once revoked.
// Indexes are sorted sets of ids scored by the time their records may go: every grant, the grants of one
// tenant (or of none), and those of one tenant, principal and tool (what a lookup reads).

/**
 * KEYS: the grant, the index of every grant, of its tenant, of its tenant, principal and tool. ARGV: id,
 * grant JSON, uses, expire-at (ms), now (ms). Also drops up to 64 entries past their time from the index
 * of every grant, and every such entry from the grant's two other indexes, which expire with their last.
 */
export const ISSUE_GRANT = luaScript(
  `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'g', ARGV[2], 'u', ARGV[3], 'v', '0')
redis.call('PEXPIREAT', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
local gone = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[5], 'LIMIT', 0, 64)
if #gone > 0 then redis.call('ZREM', KEYS[2], unpack(gone)) end
for i = 3, 4 do
  redis.call('ZADD', KEYS[i], ARGV[4], ARGV[1])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', ARGV[5])
  local last = redis.call('ZRANGE', KEYS[i], -1, -1, 'WITHSCORES')
  redis.call('PEXPIREAT', KEYS[i], last[2])
end
return 1`,
  4,
);

/** Takes one use: answers the uses left, or -1 when nothing was taken. */
export const DECREMENT_USE = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 'u', 'v')
if not cur[1] or cur[2] == '1' or tonumber(cur[1]) <= 0 then return -1 end
return redis.call('HINCRBY', KEYS[1], 'u', -1)`,
  1,
);

export const REVOKE_GRANT = luaScript(
  `if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'v', '1') end
return 1`,
  1,
);

export const GET_GRANT = luaScript(`return redis.call('HMGET', KEYS[1], 'g', 'u', 'v')`, 1);

/**
 * KEYS[1] = the index to read (a lookup's, a tenant's, or every grant's). ARGV: the grant key prefix, now.
 * Answers g, u, v of every grant of that index whose record still exists, flattened; ids past their time
 * are skipped (Redis has dropped or will drop them).
 */
export const LIST_GRANTS = luaScript(
  `local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[2], '+inf')
local out = {}
for _, id in ipairs(ids) do
  local cur = redis.call('HMGET', ARGV[1] .. id, 'g', 'u', 'v')
  if cur[1] then
    out[#out + 1] = cur[1]
    out[#out + 1] = cur[2]
    out[#out + 1] = cur[3]
  end
end
return out`,
  1,
);
