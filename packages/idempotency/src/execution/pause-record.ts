import type { ApprovalBinding } from '@armorer/approval';
import type { PausedInvocation, ToolConfiguration } from '@armorer/core';
import type { CompletedEntry, StartedEntry } from '../cache/types';
import { isKeyText } from '../keys/cache-key';
import { canonicalJson } from '../keys/canonical';
import type { Engine } from './engine';
import type { CallTicket } from './ticket';

/**
 * What a pause leaves in the cache for its resume: the key the paused call carried (`null` when none could
 * be derived) and the signature of the binding it belongs to. Stored as a completed entry under a key of
 * its own (never a call's: those start with `idem:v1|`), so any `ToolResultCache` keeps it.
 */
interface PauseRecord {
  readonly pause: 1;
  readonly key: string | null;
  readonly signature: string;
}

/** The cache key of a binding's pause record: the wrapper's tenant, the binding's replay scope and nonce. */
export function pauseRecordKey(tenantId: string, binding: ApprovalBinding): string {
  // JSON text: unambiguous, and a lone surrogate in a scope is escaped (UTF-8 stores keep it exactly).
  return `idem:pause:v1|${JSON.stringify([tenantId, binding.replayScope, binding.nonce])}`;
}

/**
 * The key a call made with `ticket` uses: the caller's, else the tool's key function of its arguments,
 * else (with `requireExplicitKey: false`) its full input; `null` when none can be derived.
 */
function keyOf(engine: Engine, ticket: CallTicket, paused: PausedInvocation): string | null {
  let key: unknown = ticket.explicitKey;
  if (key === undefined) {
    const derive = (paused.configuration as ToolConfiguration).idempotencyKey;
    if (derive === undefined && engine.options.requireExplicitKey) return null;
    try {
      key = derive === undefined ? canonicalJson(paused.params) : derive(paused.params);
    } catch {
      return null;
    }
  }
  return isKeyText(key) ? key : null;
}

/**
 * Records the key of a call that paused for approval, before the caller sees the pause, so that its
 * resume, wherever it happens, runs under the same key. A store failure rejects: the pause then fails
 * (`APPROVAL_STORE_FAILED`) rather than hand out an approval whose resume could not be deduplicated.
 */
export async function recordPause(
  engine: Engine,
  ticket: CallTicket,
  paused: PausedInvocation,
): Promise<void> {
  const { cache, now, createAttemptId } = engine.options;
  const recordKey = pauseRecordKey(engine.options.tenantId, paused.binding);
  const at = now();
  const attemptId = createAttemptId();
  const started: StartedEntry = {
    version: 1,
    state: 'started',
    attemptId,
    startedAt: at,
    leaseExpiresAt: at + engine.options.leaseMs,
    leaseDeadlineAt: at + engine.options.maxLeaseMs,
  };
  const record: PauseRecord = {
    pause: 1,
    key: keyOf(engine, ticket, paused),
    signature: paused.binding.signature,
  };
  const claim = await cache.claimStarted(recordKey, started);
  if (!claim.claimed) throw new Error('This approval binding already has a pause record.');
  const completed: CompletedEntry = {
    version: 1,
    state: 'completed',
    attemptId,
    completedAt: now(),
    policyRevision: null,
    value: record,
    streamed: false,
  };
  if (!(await cache.completeStarted(recordKey, attemptId, completed))) {
    throw new Error('The pause record of this approval could not be completed.');
  }
}

/**
 * What the pause of `binding` recorded: its key (`null`: none could be derived), or `undefined` when there
 * is no record of this binding (paused elsewhere, or the record is gone).
 */
export async function readPause(
  engine: Engine,
  binding: ApprovalBinding,
): Promise<string | null | undefined> {
  const entry = await engine.options.cache.get(pauseRecordKey(engine.options.tenantId, binding));
  if (entry?.state !== 'completed') return undefined;
  const record = entry.value as Partial<PauseRecord> | null;
  if (typeof record !== 'object' || record === null || record.pause !== 1) return undefined;
  if (record.signature !== binding.signature) return undefined;
  return typeof record.key === 'string' ? record.key : null;
}
