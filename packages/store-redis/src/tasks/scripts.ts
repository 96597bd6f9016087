import { type LuaScript, luaScript } from '../client/redis-client';

// A task is one hash: scope (the scope's text), id, st (status), rev, ca (created), ua (updated), ea
// (expires), cr ('0' | '1'), d (data JSON), and when set: sm (status message JSON), pg (progress JSON),
// ow (owner), le (lease expiry), r (result JSON), e (error JSON). Numbers and JSON travel as the caller's
// text and are written back unchanged; only the revision is computed here (a small integer). Every key of
// a scope (its tasks and two indexes: by creation and by expiry) shares one hash tag, so each script
// touches one Cluster slot.

/** The fields a read answers, in this order (see `decode` in redis-task-state-store.ts). */
export const FIELDS = [
  'scope',
  'id',
  'st',
  'rev',
  'ca',
  'ua',
  'ea',
  'sm',
  'pg',
  'ow',
  'le',
  'cr',
  'd',
  'r',
  'e',
];
const READ = `redis.call('HMGET', KEYS[1], ${FIELDS.map((field) => `'${field}'`).join(', ')})`;

/** A live task of this scope, else nil (ARGV[1] scope, ARGV[2] now). */
const LIVE = `local function live(key, scope, now)
  local head = redis.call('HMGET', key, 'scope', 'ea')
  if not head[1] or head[1] ~= scope or tonumber(head[2]) <= tonumber(now) then return false end
  return true
end`;

/** Sets or deletes (empty text) an optional field. */
const OPTIONAL = `local function put(key, field, value)
  if value == '' then redis.call('HDEL', key, field) else redis.call('HSET', key, field, value) end
end`;

/** KEYS: task, by-created, by-expiry. ARGV: scope, id, st, rev, ca, ua, ea, sm, pg, ow, le, cr, d, r, e. */
export const CREATE = luaScript(
  `${OPTIONAL}
local cur = redis.call('HGET', KEYS[1], 'ea')
if cur and tonumber(cur) > tonumber(ARGV[5]) then return 0 end
local old = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', ARGV[5], 'LIMIT', 0, 64)
for _, id in ipairs(old) do
  redis.call('ZREM', KEYS[3], id)
  redis.call('ZREM', KEYS[2], id)
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'scope', ARGV[1], 'id', ARGV[2], 'st', ARGV[3], 'rev', ARGV[4], 'ca', ARGV[5],
  'ua', ARGV[6], 'ea', ARGV[7], 'cr', ARGV[12], 'd', ARGV[13])
put(KEYS[1], 'sm', ARGV[8])
put(KEYS[1], 'pg', ARGV[9])
put(KEYS[1], 'ow', ARGV[10])
put(KEYS[1], 'le', ARGV[11])
put(KEYS[1], 'r', ARGV[14])
put(KEYS[1], 'e', ARGV[15])
redis.call('PEXPIREAT', KEYS[1], ARGV[7])
redis.call('ZADD', KEYS[2], ARGV[5], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[7], ARGV[2])
for i = 2, 3 do
  if redis.call('PEXPIRETIME', KEYS[i]) < tonumber(ARGV[7]) then redis.call('PEXPIREAT', KEYS[i], ARGV[7]) end
end
return 1`,
  3,
);

/** KEYS: task. ARGV: scope, now. The fields, or nil. */
export const GET = luaScript(
  `${LIVE}
if not live(KEYS[1], ARGV[1], ARGV[2]) then return nil end
return ${READ}`,
  1,
);

/** KEYS: task. ARGV: scope, revision, st, ua, sm, ow, le, d, r, e. Answers { applied (0|1), fields | nil }. */
export const TRANSITION = luaScript(
  `${LIVE}
${OPTIONAL}
if not live(KEYS[1], ARGV[1], ARGV[4]) then return {0} end
local cur = redis.call('HMGET', KEYS[1], 'rev', 'st')
if cur[1] ~= ARGV[2] or (cur[2] ~= 'working' and cur[2] ~= 'input_required') then return {0, ${READ}} end
redis.call('HSET', KEYS[1], 'rev', tostring(tonumber(cur[1]) + 1), 'st', ARGV[3], 'ua', ARGV[4], 'd', ARGV[8])
put(KEYS[1], 'sm', ARGV[5])
put(KEYS[1], 'ow', ARGV[6])
put(KEYS[1], 'le', ARGV[7])
put(KEYS[1], 'r', ARGV[9])
put(KEYS[1], 'e', ARGV[10])
return {1, ${READ}}`,
  1,
);

/** KEYS: task. ARGV: scope, owner, progress JSON, updatedAt. */
export const PROGRESS = luaScript(
  `${LIVE}
if not live(KEYS[1], ARGV[1], ARGV[4]) then return 0 end
local cur = redis.call('HMGET', KEYS[1], 'st', 'ow')
if cur[1] ~= 'working' or cur[2] ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'pg', ARGV[3], 'ua', ARGV[4])
return 1`,
  1,
);

/** KEYS: task. ARGV: scope, owner, lease, now. Answers { renewed (0|1), cancel requested (0|1) }. */
export const RENEW = luaScript(
  `${LIVE}
if not live(KEYS[1], ARGV[1], ARGV[4]) then return {0, 0} end
local cur = redis.call('HMGET', KEYS[1], 'st', 'ow', 'cr')
if (cur[1] ~= 'working' and cur[1] ~= 'input_required') or cur[2] ~= ARGV[2] then return {0, 0} end
redis.call('HSET', KEYS[1], 'le', ARGV[3])
if cur[3] == '1' then return {1, 1} end
return {1, 0}`,
  1,
);

/** KEYS: task. ARGV: scope, now. The fields after flagging, or nil. */
export const CANCEL = luaScript(
  `${LIVE}
if not live(KEYS[1], ARGV[1], ARGV[2]) then return nil end
local cur = redis.call('HMGET', KEYS[1], 'st', 'cr', 'ua')
if (cur[1] == 'working' or cur[1] == 'input_required') and cur[2] ~= '1' then
  redis.call('HSET', KEYS[1], 'cr', '1')
  if tonumber(cur[3]) < tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], 'ua', ARGV[2]) end
end
return ${READ}`,
  1,
);

/**
 * KEYS: by-created. ARGV: the cursor's createdAt (or '+inf'), '1' when there is a cursor, count. Answers
 * { ids created at exactly the cursor's time, [id, score, ...] older (or all, without a cursor) }: ties of
 * one millisecond are ordered by id in JavaScript, so the order never depends on the server's collation.
 */
export const LIST_IDS = luaScript(
  `if ARGV[2] == '1' then
  return {redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[1]),
    redis.call('ZREVRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '-inf', 'WITHSCORES', 'LIMIT', 0, ARGV[3])}
end
return {{}, redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', '-inf', 'WITHSCORES', 'LIMIT', 0, ARGV[3])}`,
  1,
);

const READ_MANY_SOURCE = `local out = {}
for i, key in ipairs(KEYS) do
  local head = redis.call('HMGET', key, 'scope', 'ea')
  if head[1] and head[1] == ARGV[1] and tonumber(head[2]) > tonumber(ARGV[2]) then
    out[i] = redis.call('HMGET', key, ${FIELDS.map((field) => `'${field}'`).join(', ')})
  else
    out[i] = 0
  end
end
return out`;
const readMany = new Map<number, LuaScript>();

/** KEYS: tasks of one scope. ARGV: scope, now. Answers, per key, its fields or 0 (gone). */
export function readManyScript(keys: number): LuaScript {
  let script = readMany.get(keys);
  if (script === undefined) {
    script = luaScript(READ_MANY_SOURCE, keys);
    readMany.set(keys, script);
  }
  return script;
}
