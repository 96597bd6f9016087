import { isFencedStarted } from '../cache/entries';
import type { ToolResultCacheEntry } from '../cache/types';
import { legacyReceiptMismatch, receiptMismatch } from '../receipts/check-receipt';
import type { LegacyResolutionReceipt, ReceiptVerifier, ResolutionReceipt } from '../receipts/types';
import type { Attempt } from './attempt';
import { then } from './maybe';

/**
 * Re-runs an unknown fenced attempt once: the receipt must be bound to this key, tenant and tool
 * revision, pass the host's verifier, and name the current attempt, whose lease must have expired. The
 * cache replaces exactly that attempt, atomically (only an answer of exactly `true` counts); every other
 * case is refused without running the tool.
 */
export function resolveWithReceipt(attempt: Attempt, input: ResolutionReceipt): unknown {
  attempt.waited = true; // Rare: always check that the call is still live before running.
  const receipt = snapshot(attempt, input);
  const mismatch = receiptMismatch(receipt, binding(attempt));
  if (mismatch !== undefined) return attempt.reject(mismatch);
  return then(verify(attempt, attempt.engine.options.verifyResolutionReceipt, receipt), () => {
    const entry = attempt.started();
    // The same id again would let the replaced attempt renew, complete or delete its successor.
    if (entry.attemptId === receipt.attemptId)
      attempt.reject('createAttemptId() repeated the id it replaces');
    const { cache, now } = attempt.engine.options;
    const replaced = attempt.store(() =>
      cache.replaceUnknownStarted(attempt.key, receipt.attemptId, entry, now()),
    );
    return then(replaced, (done) =>
      done === true
        ? attempt.run()
        : afterRefusedReplace(attempt, (current) => explain(attempt, receipt, current)),
    );
  });
}

/** The same for a legacy (unfenced) marker, bound to the tool name and the marker's start time. */
export function resolveWithLegacyReceipt(attempt: Attempt, input: LegacyResolutionReceipt): unknown {
  attempt.waited = true;
  const receipt = snapshot(attempt, input);
  const mismatch = legacyReceiptMismatch(receipt, binding(attempt));
  if (mismatch !== undefined) return attempt.reject(mismatch);
  return then(verify(attempt, attempt.engine.options.verifyLegacyResolutionReceipt, receipt), () => {
    const entry = attempt.started();
    const { cache } = attempt.engine.options;
    const replaced = attempt.store(() =>
      cache.replaceLegacyStarted(attempt.key, receipt.legacyStartedAt, entry),
    );
    return then(replaced, (done) =>
      done === true
        ? attempt.run()
        : afterRefusedReplace(attempt, (current) =>
            current.state === 'started' && current.attemptId === undefined
              ? 'the legacy marker started at another time'
              : 'the key holds no legacy marker; a legacy receipt never replaces a fenced attempt',
          ),
    );
  });
}

/**
 * A frozen plain copy of a receipt, each field read once: the binding check, the verifier and the
 * replacement then see one receipt (getters, proxies or a mutation while the verifier awaits cannot show
 * the verifier a signed receipt and the cache another attempt).
 */
function snapshot<T>(attempt: Attempt, receipt: T): T {
  if (typeof receipt !== 'object' || receipt === null) return receipt;
  try {
    return Object.freeze({ ...receipt });
  } catch {
    return attempt.reject('its fields could not be read');
  }
}

function binding(attempt: Attempt) {
  return {
    key: attempt.key,
    tenantId: attempt.engine.options.tenantId,
    toolRevision: attempt.toolRevision,
    toolName: attempt.toolName,
  };
}

function verify<T>(attempt: Attempt, verifier: ReceiptVerifier<T> | undefined, receipt: T): unknown {
  if (verifier === undefined) return attempt.reject('no receipt verifier is configured');
  const refuse = (): never => attempt.reject('the host did not verify it');
  let verdict: boolean | Promise<boolean>;
  try {
    verdict = verifier(receipt);
  } catch {
    return refuse();
  }
  if (verdict instanceof Promise || (typeof verdict === 'object' && verdict !== null)) {
    return Promise.resolve(verdict).then((value) => (value === true ? true : refuse()), refuse);
  }
  return verdict === true ? true : refuse();
}

/**
 * The receipt replaced nothing: a completed result is answered as any call would be; an absent key is
 * claimed normally (nothing is recorded, so nothing can be repeated); anything else is refused.
 */
function afterRefusedReplace(attempt: Attempt, why: (current: ToolResultCacheEntry) => string): unknown {
  const current = attempt.store(() => attempt.engine.options.cache.get(attempt.key));
  return then(current, (entry) => {
    if (entry === undefined) return attempt.claim();
    if (entry.state === 'completed') return attempt.answerCompleted(entry);
    return attempt.reject(why(entry));
  });
}

function explain(attempt: Attempt, receipt: ResolutionReceipt, current: ToolResultCacheEntry): string {
  if (!isFencedStarted(current)) return 'the key holds a legacy marker; resolve it with a legacy receipt';
  if (current.attemptId !== receipt.attemptId) return 'it names another attempt than the current one';
  return current.leaseExpiresAt > attempt.engine.options.now()
    ? 'that attempt is still running (its lease has not expired)'
    : 'the attempt changed while the receipt was applied';
}
