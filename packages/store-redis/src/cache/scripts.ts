import { luaScript } from '../client/redis-client';

// An entry is one hash: e = the entry as JSON (as the caller wrote it), s = 'started' | 'completed',
// a = attempt id, l = lease expiry, d = lease deadline, t = a legacy marker's startedAt. Numbers travel as
// the caller's decimal strings and are written back unchanged (never re-encoded by Lua).

/** ARGV: entry JSON, attempt, lease, deadline, expire-at. Answers 1, or the current e and l. */
export const CLAIM = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 'e', 'l')
if cur[1] then return cur end
redis.call('HSET', KEYS[1], 'e', ARGV[1], 's', 'started', 'a', ARGV[2], 'l', ARGV[3], 'd', ARGV[4])
redis.call('PEXPIREAT', KEYS[1], ARGV[5])
return 1`,
  1,
);

/** ARGV: attempt, lease. */
export const RENEW = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 's', 'a', 'l', 'd')
if cur[1] ~= 'started' or cur[2] ~= ARGV[1] or not cur[3] then return 0 end
local lease, deadline = tonumber(cur[3]), tonumber(cur[4])
if lease >= deadline then return 0 end
local wanted = tonumber(ARGV[2])
if wanted > deadline then
  redis.call('HSET', KEYS[1], 'l', cur[4])
elseif wanted > lease then
  redis.call('HSET', KEYS[1], 'l', ARGV[2])
end
return 1`,
  1,
);

/** ARGV: attempt, entry JSON, expire-at. */
export const COMPLETE = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 's', 'a', 'l')
if cur[1] ~= 'started' or cur[2] ~= ARGV[1] or not cur[3] then return 0 end
redis.call('HDEL', KEYS[1], 'l', 'd')
redis.call('HSET', KEYS[1], 'e', ARGV[2], 's', 'completed')
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return 1`,
  1,
);

/** ARGV: attempt. */
export const DELETE = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 's', 'a', 'l')
if cur[1] ~= 'started' or cur[2] ~= ARGV[1] or not cur[3] then return 0 end
redis.call('DEL', KEYS[1])
return 1`,
  1,
);

/** ARGV: old attempt, now, entry JSON, attempt, lease, deadline, expire-at. */
export const REPLACE_UNKNOWN = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 's', 'a', 'l')
if cur[1] ~= 'started' or cur[2] ~= ARGV[1] or not cur[3] then return 0 end
if tonumber(cur[3]) > tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'e', ARGV[3], 'a', ARGV[4], 'l', ARGV[5], 'd', ARGV[6])
redis.call('PEXPIREAT', KEYS[1], ARGV[7])
return 1`,
  1,
);

/** ARGV: legacy startedAt, entry JSON, attempt, lease, deadline, expire-at. */
export const REPLACE_LEGACY = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 's', 'a', 't')
if cur[1] ~= 'started' or cur[2] or cur[3] ~= ARGV[1] then return 0 end
redis.call('HDEL', KEYS[1], 't')
redis.call('HSET', KEYS[1], 'e', ARGV[2], 'a', ARGV[3], 'l', ARGV[4], 'd', ARGV[5])
redis.call('PEXPIREAT', KEYS[1], ARGV[6])
return 1`,
  1,
);

export const GET = luaScript(`return redis.call('HMGET', KEYS[1], 'e', 'l')`, 1);
