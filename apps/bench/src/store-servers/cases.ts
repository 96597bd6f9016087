/**
 * The store-server bench cases: each store operation next to the raw client doing one equivalent round
 * trip (an EVALSHA of a one-key script on Redis, one single-row statement on PostgreSQL; `raw.ts`).
 */
import type { ApprovalBinding, ApprovalRequestView } from '@armorer/approval';
import type { CompletedEntry, StartedEntry, ToolResultCache } from '@armorer/idempotency';
import { benchBindings, completedEntry, startedEntry } from '../stores/records';
import { BENCH_VIEW } from '../stores/types';

/** The request every reserve is matched against: the one the in-process store bench issues under. */
export const view: ApprovalRequestView = BENCH_VIEW;

/** `count` bindings under {@link view}, nonces `label-index`, signed and parsed before timing starts. */
export function bindings(count: number, label: string): ApprovalBinding[] {
  return benchBindings(view, count, Date.now(), (index) => `${label}-${index}`);
}

export function started(attemptId: string): StartedEntry {
  return startedEntry(attemptId, Date.now());
}

export function completed(attemptId: string): CompletedEntry {
  return completedEntry(attemptId, Date.now());
}

/** One phase of the bench: the store's operation and the raw round trip, each over item i. */
export interface Phase {
  readonly name: string;
  store(i: number): Promise<unknown>;
  raw(i: number): Promise<unknown>;
}

/**
 * The raw client's round trip per operation: the same reads, writes and expiry the store's operation
 * must do on one key or row (the same fields or columns written, the same TTL or purge time renewed),
 * with none of the store's checks around it.
 */
export interface RawRoundTrips {
  issue(key: string, binding: ApprovalBinding): Promise<unknown>;
  reserve(key: string, binding: ApprovalBinding, now: number): Promise<unknown>;
  commit(key: string, binding: ApprovalBinding): Promise<unknown>;
  claim(key: string, entry: StartedEntry): Promise<unknown>;
  complete(key: string, entry: CompletedEntry): Promise<unknown>;
}

/** Items both sides work on: parsed bindings and idempotency keys, fresh per side. */
export interface Items {
  readonly bindings: readonly ApprovalBinding[];
  readonly keys: readonly string[];
}

/** The five phases over a store set and the raw round trips; each side has its own items. */
export function phases(
  stores: {
    readonly approvals: {
      issue(b: ApprovalBinding): unknown;
      reserve(b: ApprovalBinding, v: ApprovalRequestView, now: number): unknown;
      commit(b: ApprovalBinding): unknown;
    };
    readonly cache: ToolResultCache;
  },
  raw: RawRoundTrips,
  storeItems: Items,
  rawItems: Items,
): Phase[] {
  const b = (items: Items, i: number) => items.bindings[i] as ApprovalBinding;
  const k = (items: Items, i: number) => items.keys[i] as string;
  // The raw client keys a binding by its replay scope and nonce, as the stores do.
  const rawKeys = rawItems.bindings.map((binding) => `${binding.replayScope}:${binding.nonce}`);
  const rk = (i: number) => rawKeys[i] as string;
  return [
    {
      name: 'issue',
      store: async (i) => stores.approvals.issue(b(storeItems, i)),
      raw: (i) => raw.issue(rk(i), b(rawItems, i)),
    },
    {
      name: 'reserve',
      store: async (i) => stores.approvals.reserve(b(storeItems, i), view, Date.now()),
      raw: (i) => raw.reserve(rk(i), b(rawItems, i), Date.now()),
    },
    {
      name: 'commit',
      store: async (i) => stores.approvals.commit(b(storeItems, i)),
      raw: (i) => raw.commit(rk(i), b(rawItems, i)),
    },
    {
      name: 'claim',
      store: async (i) => stores.cache.claimStarted(k(storeItems, i), started(`a${i}`)),
      raw: (i) => raw.claim(k(rawItems, i), started(`a${i}`)),
    },
    {
      name: 'complete',
      store: async (i) => stores.cache.completeStarted(k(storeItems, i), `a${i}`, completed(`a${i}`)),
      raw: (i) => raw.complete(k(rawItems, i), completed(`a${i}`)),
    },
  ];
}
