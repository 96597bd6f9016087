import type { ToolResultCache } from '../cache/types';
import { isKeyText } from '../keys/cache-key';
import type { LegacyResolutionReceipt, ReceiptVerifier, ResolutionReceipt } from '../receipts/types';

/** Options shared by {@link withIdempotency} and {@link withToolboxIdempotency}. */
export interface IdempotencyOptions {
  /** Where attempts and results are recorded (`createToolResultCache({ store: new Map() })` in one process). */
  readonly cache: ToolResultCache;
  /** The tenant this wrapper serves: every key includes it, and calls from another tenant are refused. */
  readonly tenantId: string;
  /** Checks the signature and authority of a resolution receipt; without it every receipt is refused. */
  readonly verifyResolutionReceipt?: ReceiptVerifier<ResolutionReceipt>;
  /** Checks a legacy resolution receipt; without it every legacy receipt is refused. */
  readonly verifyLegacyResolutionReceipt?: ReceiptVerifier<LegacyResolutionReceipt>;
  /**
   * `true` (default): only calls with a caller key or a tool `idempotencyKey` are deduplicated.
   * `false`: tools without either use {@link fullInputKey}.
   */
  readonly requireExplicitKey?: boolean;
  /** How long an attempt counts as running without a renewal, in milliseconds (default 30 s). */
  readonly leaseMs?: number;
  /** The absolute deadline of an attempt's lease after it started, in milliseconds (default 15 min). */
  readonly maxLeaseMs?: number;
  /** The clock, in epoch milliseconds (default `Date.now`). */
  readonly now?: () => number;
  /**
   * Mints attempt ids (default: 128 random bits per process plus a counter). Each call must return a new
   * non-empty string: ids fence attempts, so a repeated id is refused where it would replace its twin.
   */
  readonly createAttemptId?: () => string;
}

/** The options after validation and defaults. */
export interface ResolvedIdempotencyOptions {
  readonly cache: ToolResultCache;
  readonly tenantId: string;
  readonly verifyResolutionReceipt: ReceiptVerifier<ResolutionReceipt> | undefined;
  readonly verifyLegacyResolutionReceipt: ReceiptVerifier<LegacyResolutionReceipt> | undefined;
  readonly requireExplicitKey: boolean;
  readonly leaseMs: number;
  readonly maxLeaseMs: number;
  readonly now: () => number;
  readonly createAttemptId: () => string;
}

const CACHE_METHODS = [
  'get',
  'claimStarted',
  'renewStarted',
  'completeStarted',
  'deleteStarted',
  'replaceUnknownStarted',
  'replaceLegacyStarted',
] as const;

/** Validates the options (throwing a TypeError or RangeError) and applies the defaults. */
export function resolveOptions(options: IdempotencyOptions): ResolvedIdempotencyOptions {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('Idempotency options are required.');
  const cache = options.cache;
  if (
    typeof cache !== 'object' ||
    cache === null ||
    CACHE_METHODS.some((name) => typeof cache[name] !== 'function')
  ) {
    throw new TypeError(
      `The idempotency cache must implement ToolResultCache (${CACHE_METHODS.join(', ')}).`,
    );
  }
  if (!isKeyText(options.tenantId, Number.POSITIVE_INFINITY)) {
    throw new TypeError(
      'Idempotency needs the tenantId it serves (a non-empty string without lone surrogates).',
    );
  }
  const leaseMs = options.leaseMs ?? 30_000;
  const maxLeaseMs = options.maxLeaseMs ?? 15 * 60_000;
  if (!(Number.isFinite(leaseMs) && leaseMs > 0)) throw new RangeError('leaseMs must be a positive number.');
  if (!(Number.isFinite(maxLeaseMs) && maxLeaseMs >= leaseMs)) {
    throw new RangeError('maxLeaseMs must be a number of milliseconds at least leaseMs.');
  }
  for (const name of [
    'verifyResolutionReceipt',
    'verifyLegacyResolutionReceipt',
    'now',
    'createAttemptId',
  ] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new TypeError(`${name} must be a function.`);
    }
  }
  return {
    cache,
    tenantId: options.tenantId,
    verifyResolutionReceipt: options.verifyResolutionReceipt,
    verifyLegacyResolutionReceipt: options.verifyLegacyResolutionReceipt,
    requireExplicitKey: options.requireExplicitKey !== false,
    leaseMs,
    maxLeaseMs,
    now: options.now ?? Date.now,
    createAttemptId: options.createAttemptId ?? randomAttemptId,
  };
}

/**
 * Attempt ids: 128 random bits drawn once per process plus a counter, as unique across workers as a
 * random UUID per attempt and much cheaper on the hot path.
 */
let processPrefix: string | undefined;
let attemptCounter = 0;

function randomAttemptId(): string {
  if (processPrefix === undefined) {
    const bytes = new Uint8Array(16);
    globalThis.crypto.getRandomValues(bytes);
    processPrefix = `attempt_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}_`;
  }
  attemptCounter += 1;
  return processPrefix + attemptCounter.toString(36);
}
