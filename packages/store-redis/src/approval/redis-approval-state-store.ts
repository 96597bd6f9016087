import {
  type ApprovalBinding,
  type ApprovalBindingState,
  ApprovalError,
  type ApprovalRequestView,
  type ApprovalStateStore,
  approvalRefusal,
  matchApprovalBinding,
  parseApprovalBinding,
} from '@armorer/approval';
import {
  checkClient,
  checkPrefix,
  escapeTag,
  type RedisScriptClient,
  runScript,
} from '../client/redis-client';
import { redisApprovalRestore } from './epoch';
import { ISSUE, RESERVE, REVOKE, SETTLE, STATE } from './scripts';

/** Options of {@link createRedisApprovalStateStore}. */
export interface RedisApprovalStateStoreOptions {
  /** A connected client (`new Redis(url)` or a `Cluster` from ioredis). The store never closes it. */
  readonly client: RedisScriptClient;
  /** Prefix of every key (default `armorer:`; no braces). */
  readonly keyPrefix?: string;
  /** How long past its expiry a binding's record is kept before Redis drops it (default one hour). */
  readonly retainExpiredMs?: number;
  /**
   * How long a reservation holds (default five minutes). A binding whose resume died between reserve and
   * commit (a crashed worker) can be reserved again after it; commit still succeeds only once.
   * `0` keeps a reservation until the binding expires.
   */
  readonly reservationLeaseMs?: number;
}

/** What a script answers when it applied the change. */
const DONE = 1;

const STATES: ReadonlySet<string> = new Set(['issued', 'reserved', 'consumed', 'revoked']);

/**
 * An {@link ApprovalStateStore} on Redis 7 or Valkey, shared by every process and machine using the same
 * server. Each method is one Lua script (EVALSHA, one round trip) touching one key,
 * `<prefix>{approval:<replay scope>:<nonce>}`, so it runs atomically, on Redis Cluster too. Records expire
 * through `PEXPIREAT` at the binding's expiry plus `retainExpiredMs`: nothing needs sweeping.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * import { createRedisApprovalStateStore } from '@armorer/store-redis';
 *
 * const approvalStateStore = createRedisApprovalStateStore({ client: new Redis(process.env.REDIS_URL!) });
 * const toolbox = createToolbox(tools, { approvalSecret, approvalStateStore });
 * ```
 */
export function createRedisApprovalStateStore(options: RedisApprovalStateStoreOptions): ApprovalStateStore {
  const client = checkClient(options?.client);
  const base = checkPrefix(options.keyPrefix);
  const prefix = `${base}{approval:`;
  const retain = nonNegative(options.retainExpiredMs, 60 * 60 * 1000, 'retainExpiredMs');
  const lease = nonNegative(options.reservationLeaseMs, 5 * 60 * 1000, 'reservationLeaseMs');

  const keyOf = (binding: ApprovalBinding) =>
    `${prefix}${escapeTag(binding.replayScope)}:${escapeTag(binding.nonce)}}`;
  const expireAt = (binding: ApprovalBinding) => binding.expiresAt + retain;

  async function answer(promise: Promise<unknown>): Promise<void> {
    const code = await promise;
    if (code !== DONE) throw approvalRefusal(String(code));
  }

  async function reserve(
    mode: 'reserve' | 'consume',
    binding: ApprovalBinding,
    view: ApprovalRequestView,
    now: number,
  ): Promise<void> {
    const checked = parseApprovalBinding(binding);
    // Matching is pure (the binding is immutable); the script applies its answer after the state checks.
    const mismatch = matchApprovalBinding(checked, view, now);
    const code = await runScript(client, RESERVE, [
      keyOf(checked),
      checked.signature,
      mismatch === undefined ? '' : '1',
      Number.isFinite(now) ? now : '',
      lease,
      mode,
    ]);
    if (code === DONE) return;
    if (code === 'match-failed' && mismatch !== undefined) throw new ApprovalError(mismatch);
    throw approvalRefusal(String(code));
  }

  return {
    async issue(binding) {
      const checked = parseApprovalBinding(binding);
      await answer(runScript(client, ISSUE, [keyOf(checked), checked.signature, expireAt(checked)]));
    },
    reserve: (binding, view, now) => reserve('reserve', binding, view, now),
    consume: (binding, view, now) => reserve('consume', binding, view, now),
    async commit(binding) {
      const checked = parseApprovalBinding(binding);
      await answer(runScript(client, SETTLE, [keyOf(checked), checked.signature, 'consumed']));
    },
    async release(binding) {
      const checked = parseApprovalBinding(binding);
      await answer(runScript(client, SETTLE, [keyOf(checked), checked.signature, 'issued']));
    },
    async revoke(binding, now = Date.now()) {
      const checked = parseApprovalBinding(binding);
      const at = Number.isFinite(now) ? now : '';
      const values = [keyOf(checked), checked.signature, expireAt(checked), at, lease];
      await answer(runScript(client, REVOKE, values));
    },
    async state(binding) {
      const checked = parseApprovalBinding(binding);
      const state = String(await runScript(client, STATE, [keyOf(checked), checked.signature]));
      if (state === '') return undefined;
      if (STATES.has(state)) return state as ApprovalBindingState;
      throw approvalRefusal(state);
    },
    ...redisApprovalRestore(client, `${base}{approval-epoch}`, keyOf, retain),
  };
}

/** A non-negative finite option, or its default. @internal */
export function nonNegative(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new TypeError(`${name} must be a non-negative number of milliseconds.`);
  }
  return value;
}
