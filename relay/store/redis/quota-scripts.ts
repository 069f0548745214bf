// The quota ledger's Lua scripts (relay/store/redis/quota-ledger.ts): each runs as one atomic
// step in Redis, so concurrent calls on any number of instances see and change the counters
// one at a time.
//
// Keys, under the installation's prefix P (ARGV[1] of every script that builds keys; Redis
// Cluster would need every key in one slot: a `{tag}` prefix):
//   P q:u:<user>     hash  quota (left), used, count, held
//   P q:k:<key>      hash  limited (1/0), remain, used, count, held, accessed
//   P q:ch           hash  <channel> → used
//   P q:users, P q:keys    sets of the ids loaded (for the snapshot)
//   P q:seq          the last reservation id (first set from the clock: see quotaCall)
//   P q:r            hash  <id> → "user:key:amount:limited:owner" (owner '' once detached)
//   P q:call         hash  <id> → the call's log record (JSON)
//   P q:rb           hash  <id> → the period budgets it counts in: "budget|period;…"
//   P q:b:<budget>   hash  p (the period counted), s (spent in it, held included); expires after the period
//   P q:budgets      set   the budgets counted (for the snapshot)
//   P q:own:<inst>   set   the ids an instance holds; P q:live: the instances holding any
//                    (or log lines)
//   P q:out:<inst>   list  log lines of the instance's closes, waiting for PostgreSQL (log-outbox.ts);
//   P q:fly:<inst>         those of them it is writing now
//   P q:hb:<inst>    the instance's heartbeat (expires when it stops renewing it)
//   P q:wait         present while a call on some instance waits for quota to come free:
//                    a close that gives quota back then publishes on P ch:quota (the
//                    instances' ledgers wake their waiters), once per script
// Numbers handed to redis.call go through int(): Lua would print a large double as 1e+15.

const COMMON = `
local P = ARGV[1]
local function int(x) return string.format('%d', x) end
local function num(x) return tonumber(x) or 0 end
local gave = false
-- Tells every instance that quota came free (see P q:wait), when a close of this script gave some back.
local function announce()
  if gave and redis.call('EXISTS', P .. 'q:wait') == 1 then redis.call('PUBLISH', P .. 'ch:quota', '') end
end
-- Someone waits for quota for at least ms more: releases are announced until then.
local function waiting(ms)
  if redis.call('PTTL', P .. 'q:wait') < ms then redis.call('SET', P .. 'q:wait', '1', 'PX', ms) end
end
-- Closes reservation id: removes it and gives back amount - charged to user and key. Answers
-- its fields and call record, or nil when it is closed already.
local function close(id, charged)
  local r = redis.call('HGET', P .. 'q:r', id)
  if not r then return nil end
  local user, key, amount, limited, owner = string.match(r, '^(%d+):(%d+):(%d+):(%d):(.*)$')
  local call = redis.call('HGET', P .. 'q:call', id)
  redis.call('HDEL', P .. 'q:r', id)
  redis.call('HDEL', P .. 'q:call', id)
  -- Each period budget counts what the call cost instead of what it held (an ended period: nothing to correct).
  local marks = redis.call('HGET', P .. 'q:rb', id)
  if marks then
    redis.call('HDEL', P .. 'q:rb', id)
    for budget, period in string.gmatch(marks, '([^|;]+)|([^;]+)') do
      local b = P .. 'q:b:' .. budget
      if redis.call('HGET', b, 'p') == period then redis.call('HINCRBY', b, 's', int(charged - tonumber(amount))) end
    end
  end
  if owner ~= '' then redis.call('SREM', P .. 'q:own:' .. owner, id) end
  local back, unheld = int(tonumber(amount) - charged), int(-tonumber(amount))
  if tonumber(amount) > charged then gave = true end
  local u = P .. 'q:u:' .. user
  local k = P .. 'q:k:' .. key
  if redis.call('EXISTS', u) == 1 then
    redis.call('HINCRBY', u, 'quota', back)
    redis.call('HINCRBY', u, 'held', unheld)
  end
  if redis.call('EXISTS', k) == 1 then
    if limited == '1' then redis.call('HINCRBY', k, 'remain', back) end
    redis.call('HINCRBY', k, 'held', unheld)
  end
  return { user, key, amount, call or '' }
end
-- The log line of a refund closed() answered, for the log store to write as its call's record,
-- refunded (postgres/log-lines.ts REFUND_LINE): kept in the sweeper's outbox in the same step.
local function refundLine(closed, reason)
  return '{"refund":' .. closed[3] .. ',"reason":"' .. reason .. '","call":' .. (closed[4] ~= '' and closed[4] or 'null') .. '}'
end
local function keepLines(instance, lines)
  if #lines == 0 then return end
  redis.call('RPUSH', P .. 'q:out:' .. instance, unpack(lines))
  redis.call('SADD', P .. 'q:live', instance)
end
`;

/**
 * ARGV: P, user, key. Answers {userLeft, limited (1/0), keyLeft, userHeld, keyHeld}, or
 * {-1} when the user's counters are not loaded, {-2} when the key's are not.
 */
const STANDING = `
local function standing(user, key)
  local u = redis.call('HMGET', P .. 'q:u:' .. user, 'quota', 'held')
  if not u[1] then return { -1 } end
  -- Key 0: no API key (the console's playground), nothing of a key holds or counts.
  if key == '0' then return { num(u[1]), 0, 0, num(u[2]), 0 } end
  local k = redis.call('HMGET', P .. 'q:k:' .. key, 'limited', 'remain', 'held')
  if not k[1] then return { -2 } end
  return { num(u[1]), k[1] == '1' and 1 or 0, num(k[2]), num(u[2]), num(k[3]) }
end
`;

export const QUOTA_SCRIPTS = {
  quotaStanding: {
    numberOfKeys: 0,
    readOnly: true,
    lua: `${COMMON}${STANDING}
return standing(ARGV[2], ARGV[3])`,
  },

  /** ARGV: P, user, key. A standing followed by the user's used and count, then the key's (0 for key 0). */
  quotaUsage: {
    numberOfKeys: 0,
    readOnly: true,
    lua: `${COMMON}${STANDING}
local s = standing(ARGV[2], ARGV[3])
if s[1] < 0 then return s end
local u = redis.call('HMGET', P .. 'q:u:' .. ARGV[2], 'used', 'count')
local k = ARGV[3] == '0' and {} or redis.call('HMGET', P .. 'q:k:' .. ARGV[3], 'used', 'count')
for _, v in ipairs({ u[1], u[2], k[1], k[2] }) do table.insert(s, num(v)) end
return s`,
  },

  /**
   * One round trip for a call's quota: the closes this instance has queued (settlements and
   * refunds of earlier calls), then, when asked, a reservation. ARGV: P, instance, heartbeat ms,
   * n, then n closes of 5 fields (id; cost, '' for a refund; channel; accessed at (ms); the log
   * line to keep in the instance's outbox, '' for none), then, for a reservation: user, key,
   * amount, call JSON, how long a refused caller may wait (ms), then 4 fields per period budget
   * (budget, period, limit, ms until it ends). Answers {{closed 1/0 …}, reservation}: {} without
   * one, else {1, id} or {0, standing…[, the budget's index, what is left of it]} (or a standing's {-1}/{-2}).
   */
  quotaCall: {
    numberOfKeys: 0,
    lua: `${COMMON}${STANDING}
local instance, n = ARGV[2], tonumber(ARGV[4])
local closes, lines = {}, {}
for i = 0, n - 1 do
  local at = 5 + i * 5
  local cost = ARGV[at + 1]
  local closed = close(ARGV[at], cost == '' and 0 or tonumber(cost))
  closes[i + 1] = closed and 1 or 0
  if closed and cost ~= '' then
    for _, counters in ipairs({ P .. 'q:u:' .. closed[1], P .. 'q:k:' .. closed[2] }) do
      if redis.call('EXISTS', counters) == 1 then
        redis.call('HINCRBY', counters, 'used', cost)
        redis.call('HINCRBY', counters, 'count', 1)
      end
    end
    local k = P .. 'q:k:' .. closed[2]
    if redis.call('EXISTS', k) == 1 and num(redis.call('HGET', k, 'accessed')) < tonumber(ARGV[at + 3]) then
      redis.call('HSET', k, 'accessed', ARGV[at + 3])
    end
    redis.call('HINCRBY', P .. 'q:ch', ARGV[at + 2], cost)
  end
  if closed and ARGV[at + 4] ~= '' then table.insert(lines, ARGV[at + 4]) end
end
-- Kept with the charge until the log store has written them (a dead instance's: handed over by the sweep).
keepLines(instance, lines)
announce()
local at = 5 + n * 5
if #ARGV < at then return { closes, {} } end
local user, key, amount = ARGV[at], ARGV[at + 1], tonumber(ARGV[at + 2])
local s = standing(user, key)
if s[1] < 0 then return { closes, s } end
if amount > s[1] or (s[2] == 1 and amount > s[3]) then
  -- The caller may wait for calls in progress to give back: announced from now, so no release is missed before it waits.
  waiting(tonumber(ARGV[at + 4]))
  return { closes, { 0, s[1], s[2], s[3], s[4], s[5] } }
end
for j = at + 5, #ARGV, 4 do
  local counted = redis.call('HMGET', P .. 'q:b:' .. ARGV[j], 'p', 's')
  local left = tonumber(ARGV[j + 2]) - (counted[1] == ARGV[j + 1] and num(counted[2]) or 0)
  if amount > left then return { closes, { 0, s[1], s[2], s[3], s[4], s[5], (j - at - 5) / 4, left } } end
end
-- A Redis that lost its data (restarted empty) starts the ids past the clock in microseconds, so a
-- settlement of a reservation made before it can never close a new one that took the same id.
if redis.call('EXISTS', P .. 'q:seq') == 0 then
  local now = redis.call('TIME')
  redis.call('SET', P .. 'q:seq', string.format('%d', tonumber(now[1]) * 1000000 + tonumber(now[2])))
end
local id = redis.call('INCR', P .. 'q:seq')
redis.call('HINCRBY', P .. 'q:u:' .. user, 'quota', int(-amount))
redis.call('HINCRBY', P .. 'q:u:' .. user, 'held', int(amount))
if s[2] == 1 then redis.call('HINCRBY', P .. 'q:k:' .. key, 'remain', int(-amount)) end
if key ~= '0' then redis.call('HINCRBY', P .. 'q:k:' .. key, 'held', int(amount)) end
redis.call('HSET', P .. 'q:r', id, user .. ':' .. key .. ':' .. int(amount) .. ':' .. s[2] .. ':' .. instance)
redis.call('HSET', P .. 'q:call', id, ARGV[at + 3])
local marks = {}
for j = at + 5, #ARGV, 4 do
  local b = P .. 'q:b:' .. ARGV[j]
  if redis.call('HGET', b, 'p') ~= ARGV[j + 1] then redis.call('HSET', b, 'p', ARGV[j + 1], 's', 0) end
  redis.call('HINCRBY', b, 's', int(amount))
  redis.call('SADD', P .. 'q:budgets', ARGV[j])
  -- Kept a day past the period's end: a call still open then finds nothing to correct, as it should.
  redis.call('PEXPIRE', b, int(tonumber(ARGV[j + 3]) + 86400000))
  table.insert(marks, ARGV[j] .. '|' .. ARGV[j + 1])
end
if #marks > 0 then redis.call('HSET', P .. 'q:rb', id, table.concat(marks, ';')) end
redis.call('SADD', P .. 'q:own:' .. instance, id)
redis.call('SADD', P .. 'q:live', instance)
-- Reserving proves the instance alive: its reservation is never swept before its first heartbeat.
redis.call('SET', P .. 'q:hb:' .. instance, '1', 'PX', ARGV[3])
return { closes, { 1, id } }`,
  },

  /**
   * ARGV: P, how many at most, the sweeping instance, '1' to log the refunds (refundLine).
   * Refunds the reservations of instances whose heartbeat expired, and moves their log outboxes
   * (with a batch they had claimed) to the sweeper's; answers {lines moved, id, user, key,
   * amount, call JSON, …} of each refund.
   * Several sweepers at once refund each reservation once: the script is one atomic step and
   * removes what it refunds.
   */
  quotaSweep: {
    numberOfKeys: 0,
    lua: `${COMMON}
local budget, sweeper, logs = tonumber(ARGV[2]), ARGV[3], ARGV[4] == '1'
local out, moved, refunds = {}, 0, {}
local mine = P .. 'q:out:' .. sweeper
for _, instance in ipairs(redis.call('SMEMBERS', P .. 'q:live')) do
  if budget <= 0 then break end
  if instance ~= sweeper and redis.call('EXISTS', P .. 'q:hb:' .. instance) == 0 then
    for _, list in ipairs({ P .. 'q:fly:' .. instance, P .. 'q:out:' .. instance }) do
      local lines = redis.call('LRANGE', list, 0, budget - 1)
      if #lines > 0 then
        redis.call('RPUSH', mine, unpack(lines))
        redis.call('LTRIM', list, #lines, -1)
        moved = moved + #lines
        budget = budget - #lines
      end
    end
    local own = P .. 'q:own:' .. instance
    for _, id in ipairs(redis.call('SPOP', own, math.max(budget, 0))) do
      -- close() removes the id from the owner's set again: harmless.
      local closed = close(id, 0)
      if closed then
        budget = budget - 1
        if logs then table.insert(refunds, refundLine(closed, 'lost')) end
        table.insert(out, id)
        for _, field in ipairs(closed) do table.insert(out, field) end
      end
    end
    if redis.call('SCARD', own) == 0 and redis.call('EXISTS', P .. 'q:out:' .. instance) == 0 and redis.call('EXISTS', P .. 'q:fly:' .. instance) == 0 then
      redis.call('SREM', P .. 'q:live', instance)
    end
  end
end
if moved > 0 then redis.call('SADD', P .. 'q:live', sweeper) end
keepLines(sweeper, refunds)
announce()
table.insert(out, 1, moved)
return out`,
  },

  /**
   * ARGV: P, instance, '1' to log the refunds, ids. Refunds those of the ids the instance still
   * owns (not closed, not detached): reservations none of its calls holds (orphan-sweep.ts).
   * Answers as quotaSweep, without its first field.
   */
  quotaOrphans: {
    numberOfKeys: 0,
    lua: `${COMMON}
local own, out, refunds = P .. 'q:own:' .. ARGV[2], {}, {}
for i = 4, #ARGV do
  local closed = redis.call('SISMEMBER', own, ARGV[i]) == 1 and close(ARGV[i], 0)
  if closed then
    if ARGV[3] == '1' then table.insert(refunds, refundLine(closed, 'orphan')) end
    table.insert(out, ARGV[i])
    for _, field in ipairs(closed) do table.insert(out, field) end
  end
end
keepLines(ARGV[2], refunds)
announce()
return out`,
  },

  /** ARGV: P, id. The reservation is nobody's: no sweeper refunds it. Answers its amount, or nil when it is closed. */
  quotaDetach: {
    numberOfKeys: 0,
    lua: `${COMMON}
local r = redis.call('HGET', P .. 'q:r', ARGV[2])
if not r then return nil end
local head, owner = string.match(r, '^(%d+:%d+:%d+:%d):(.*)$')
if owner ~= '' then redis.call('SREM', P .. 'q:own:' .. owner, ARGV[2]) end
redis.call('HSET', P .. 'q:r', ARGV[2], head .. ':')
return string.match(head, ':(%d+):%d$')`,
  },

  /** ARGV: P, ms. A call of this instance waits for quota to come free, for up to ms: releases are announced meanwhile. */
  quotaWaiting: {
    numberOfKeys: 0,
    lua: `${COMMON}
waiting(tonumber(ARGV[2]))
return 1`,
  },

  /** ARGV: P, user, delta. Answers the quota after it, or nil when the user's counters are not loaded. */
  quotaAdjustUser: {
    numberOfKeys: 0,
    lua: `${COMMON}
local u = P .. 'q:u:' .. ARGV[2]
if redis.call('EXISTS', u) == 0 then return nil end
gave = tonumber(ARGV[3]) > 0
announce()
return redis.call('HINCRBY', u, 'quota', ARGV[3])`,
  },

  /** ARGV: P, key, limited (1/0), remain ('' keeps it). Creates the key's counters when they are not loaded. */
  quotaSetKey: {
    numberOfKeys: 0,
    lua: `${COMMON}
local k = P .. 'q:k:' .. ARGV[2]
if redis.call('EXISTS', k) == 0 then
  redis.call('HSET', k, 'remain', 0, 'used', 0, 'count', 0, 'held', 0, 'accessed', 0)
  redis.call('SADD', P .. 'q:keys', ARGV[2])
end
redis.call('HSET', k, 'limited', ARGV[3])
if ARGV[4] ~= '' then redis.call('HSET', k, 'remain', ARGV[4]) end
gave = true
announce()
return 1`,
  },

  /**
   * ARGV: P, kind ('u', 'k' or 'ch'), then the records' fields in groups: user (id, quota,
   * used, count), key (id, limited, remain, used, count, accessed), channel (id, used).
   * Seeds the counters not present yet, leaves the others; answers how many it seeded.
   */
  quotaLoad: {
    numberOfKeys: 0,
    lua: `${COMMON}
local kind, seeded = ARGV[2], 0
local width = ({ u = 4, k = 6, ch = 2 })[kind]
for i = 3, #ARGV, width do
  local id = ARGV[i]
  if kind == 'ch' then
    seeded = seeded + redis.call('HSETNX', P .. 'q:ch', id, ARGV[i + 1])
  elseif redis.call('EXISTS', P .. 'q:' .. kind .. ':' .. id) == 0 then
    local counters = P .. 'q:' .. kind .. ':' .. id
    if kind == 'u' then
      redis.call('HSET', counters, 'quota', ARGV[i + 1], 'used', ARGV[i + 2], 'count', ARGV[i + 3], 'held', 0)
      redis.call('SADD', P .. 'q:users', id)
    else
      redis.call('HSET', counters, 'limited', ARGV[i + 1], 'remain', ARGV[i + 2], 'used', ARGV[i + 3], 'count', ARGV[i + 4], 'accessed', ARGV[i + 5], 'held', 0)
      redis.call('SADD', P .. 'q:keys', id)
    end
    seeded = seeded + 1
  end
end
return seeded`,
  },
} as const;

export type QuotaScriptName = keyof typeof QUOTA_SCRIPTS;
