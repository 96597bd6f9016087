import { luaScript } from '../client/redis-client';

// A binding is one hash: s = state, sig = signature, r = when it was reserved (the caller's clock).
// Every script answers 1 for done (an integer: the client decodes it without building a string) or a
// refusal code; state checks come first, as in the process-local store.

/** ARGV: signature, expire-at (ms). */
export const ISSUE = luaScript(
  `if redis.call('EXISTS', KEYS[1]) == 1 then return 'already-issued' end
redis.call('HSET', KEYS[1], 's', 'issued', 'sig', ARGV[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1`,
  1,
);

/**
 * ARGV: signature, match failed ('1' or ''), now ('' when not a finite number: no lease passes), reservation
 * lease (ms, '0' = none), 'reserve' | 'consume'.
 * A reservation older than its lease (its worker died between reserve and commit) may be taken again:
 * commit still moves reserved -> consumed only once, so at most one resume runs the tool.
 */
export const RESERVE = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 's', 'sig', 'r')
local state = cur[1]
if not state then return 'not-issued' end
if cur[2] ~= ARGV[1] then return 'binding-conflict' end
if state == 'reserved' then
  local lease = tonumber(ARGV[4])
  local now = tonumber(ARGV[3])
  if lease > 0 and now and tonumber(cur[3] or '0') + lease <= now then state = 'issued' end
end
if state == 'reserved' then return 'already-reserved' end
if state == 'consumed' then return 'already-consumed' end
if state == 'revoked' then return 'revoked' end
if ARGV[2] == '1' then return 'match-failed' end
if ARGV[5] == 'consume' then
  redis.call('HSET', KEYS[1], 's', 'consumed')
else
  redis.call('HSET', KEYS[1], 's', 'reserved', 'r', ARGV[3])
end
return 1`,
  1,
);

/** ARGV: signature, the state to move a reserved binding to ('consumed' | 'issued'). */
export const SETTLE = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 's', 'sig')
if cur[1] and cur[2] ~= ARGV[1] then return 'binding-conflict' end
if cur[1] ~= 'reserved' then return 'not-reserved' end
redis.call('HSET', KEYS[1], 's', ARGV[2])
return 1`,
  1,
);

/**
 * ARGV: signature, expire-at (ms) of a tombstone, now (as in RESERVE), reservation lease (ms). A reservation
 * whose lease passed counts as issued, as in RESERVE: it can be revoked.
 */
export const REVOKE = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 's', 'sig', 'r')
if not cur[1] then
  redis.call('HSET', KEYS[1], 's', 'revoked', 'sig', ARGV[1])
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
  return 1
end
if cur[2] ~= ARGV[1] then return 'binding-conflict' end
if cur[1] == 'revoked' then return 1 end
if cur[1] == 'consumed' then return 'already-consumed' end
if cur[1] == 'reserved' then
  local lease, now = tonumber(ARGV[4]), tonumber(ARGV[3])
  if not (lease > 0 and now and tonumber(cur[3] or '0') + lease <= now) then return 'already-reserved' end
end
redis.call('HSET', KEYS[1], 's', 'revoked')
return 1`,
  1,
);

/** ARGV: signature. Answers the state, '' for none, or 'binding-conflict'. */
export const STATE = luaScript(
  `local cur = redis.call('HMGET', KEYS[1], 's', 'sig')
if not cur[1] then return '' end
if cur[2] ~= ARGV[1] then return 'binding-conflict' end
return cur[1]`,
  1,
);
