import { CompositionError } from '../errors/composition-error';

/** How the delay grows between attempts. */
export type RetryBackoff = 'fixed' | 'exponential';
/**
 * How the delay is randomized, so that many callers retrying together spread out: `none` waits the
 * computed delay, `full` a random time up to it, `equal` half of it plus a random time up to the other half.
 */
export type RetryJitter = 'none' | 'full' | 'equal';

/** The resolved backoff settings. */
export interface BackoffSettings {
  readonly delayMs: number;
  readonly maxDelayMs: number;
  readonly backoff: RetryBackoff;
  readonly jitter: RetryJitter;
  readonly random: () => number;
}

/** The delay before the retry that follows failed attempt `attempt` (1-based). */
export function backoffDelay(attempt: number, settings: BackoffSettings): number {
  const growth = settings.backoff === 'exponential' ? 2 ** (attempt - 1) : 1;
  const capped = Math.min(settings.maxDelayMs, settings.delayMs * growth);
  switch (settings.jitter) {
    case 'none':
      return capped;
    case 'full':
      return Math.floor(settings.random() * capped);
    case 'equal':
      return Math.floor(capped / 2 + settings.random() * (capped / 2));
  }
}

/** Waits, unless the signal aborts first (then rejects with its reason). No timer outlives an abort. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Checks a non-negative, finite number of milliseconds. */
export function checkDelay(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new CompositionError({
      code: 'INVALID_OPTIONS',
      message: `retry(): ${name} must be a non-negative, finite number of milliseconds.`,
    });
  }
  return value;
}
