import {
  APPROVAL_BINDING_VERSION,
  type ApprovalBinding,
  createNonce,
  parseApprovalBinding,
  signApprovalBinding,
} from '@armorer/approval';
import type { CompletedEntry, StartedEntry } from '@armorer/idempotency';
import { BENCH_VIEW, type StoreBenchSubject } from './types';

/** The five measured operations. */
export const OPERATIONS = ['issue', 'reserve', 'commit', 'claim', 'complete'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Nanoseconds per operation of the store and of the raw client, and their ratio, per round. */
export interface RoundTiming {
  readonly store: Readonly<Record<Operation, number>>;
  readonly raw: Readonly<Record<Operation, number>>;
}

const SECRET = 'bench-store-secret-0123456789abcdef';

/** Parsed, as `resumeApproval` hands them to the store (it parses a descriptor's binding once). */
function bindings(count: number, now: number): ApprovalBinding[] {
  return Array.from({ length: count }, () => {
    const nonce = createNonce();
    const signed = signApprovalBinding(
      {
        ...BENCH_VIEW,
        version: APPROVAL_BINDING_VERSION,
        kind: 'approval',
        toolName: 'bench-tool',
        callId: `call-${nonce}`,
        argumentsDigest: '0'.repeat(64),
        issuedAt: now,
        expiresAt: now + 3_600_000,
        nonce,
        replayScope: 'tenant=bench-tenant',
      },
      SECRET,
    );
    return parseApprovalBinding(signed);
  });
}

function startedEntry(attemptId: string, now: number): StartedEntry {
  return {
    version: 1,
    state: 'started',
    attemptId,
    startedAt: now,
    leaseExpiresAt: now + 30_000,
    leaseDeadlineAt: now + 600_000,
  };
}

function completedEntry(attemptId: string, now: number): CompletedEntry {
  return {
    version: 1,
    state: 'completed',
    attemptId,
    completedAt: now,
    policyRevision: 'p1',
    value: { ok: true, n: 42 },
    streamed: false,
  };
}

/** Runs `step` for every index, awaiting each (both sides pay the same await), and returns ns per call. */
async function perCall(count: number, step: (index: number) => unknown): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < count; index++) await step(index);
  return ((performance.now() - started) * 1e6) / count;
}

/** One side's five operations over `count` fresh keys, in lifecycle order. */
async function side(subject: StoreBenchSubject, useRaw: boolean, count: number, label: string) {
  const now = Date.now();
  const items = bindings(count, now);
  const keys = items.map((_, index) => `${label}-${index}`);
  // The raw client keys a binding by its replay scope and nonce too, encoded as the store stores it.
  const bindingKeys = items.map((item) => JSON.stringify(`${item.replayScope}\u0000${item.nonce}`));
  const starts = keys.map((key) => startedEntry(`attempt-${key}`, now));
  const completions = keys.map((key) => completedEntry(`attempt-${key}`, now));
  const { raw, approvals, results } = subject;
  const at = <T>(list: readonly T[], index: number) => list[index] as T;
  const timing: Record<Operation, number> = { issue: 0, reserve: 0, commit: 0, claim: 0, complete: 0 };
  if (useRaw) {
    timing.issue = await perCall(count, (index) => raw.issue(at(bindingKeys, index), at(items, index)));
    timing.reserve = await perCall(count, (index) => raw.reserve(at(bindingKeys, index), at(items, index)));
    timing.commit = await perCall(count, (index) => raw.commit(at(bindingKeys, index), at(items, index)));
    timing.claim = await perCall(count, (index) => raw.claim(at(keys, index), at(starts, index)));
    timing.complete = await perCall(count, (index) => raw.complete(at(keys, index), at(completions, index)));
  } else {
    timing.issue = await perCall(count, (index) => approvals.issue(at(items, index)));
    timing.reserve = await perCall(count, (index) => approvals.reserve(at(items, index), BENCH_VIEW, now));
    timing.commit = await perCall(count, (index) => approvals.commit(at(items, index)));
    timing.claim = await perCall(count, (index) => results.claimStarted(at(keys, index), at(starts, index)));
    timing.complete = await perCall(count, (index) =>
      results.completeStarted(at(keys, index), at(starts, index).attemptId, at(completions, index)),
    );
  }
  return timing;
}

/**
 * `rounds` rounds of `count` operations each, the store and the raw client alternating which goes first,
 * every round on fresh keys. Ratios are taken within a round (the pair ran back to back).
 */
export async function measureSubject(
  subject: StoreBenchSubject,
  count: number,
  rounds: number,
): Promise<RoundTiming[]> {
  // Warm-up: statements prepared, pages cached, code optimized.
  await side(subject, false, Math.min(count, 200), 'warm-store');
  await side(subject, true, Math.min(count, 200), 'warm-raw');
  const timings: RoundTiming[] = [];
  for (let round = 0; round < rounds; round++) {
    const storeFirst = round % 2 === 0;
    const first = await side(subject, !storeFirst, count, `r${round}-a`);
    const second = await side(subject, storeFirst, count, `r${round}-b`);
    timings.push(storeFirst ? { store: first, raw: second } : { store: second, raw: first });
  }
  return timings;
}
