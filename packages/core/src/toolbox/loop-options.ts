/** Options of `loopDetection`. */
export interface LoopDetectionOptions {
  /** Calls in a repeat or ping-pong run that fire `loop-warning` (the call still runs). Default 5. */
  readonly warningThreshold?: number;
  /** Calls in a run that block the call (`loop-blocked`, an error result, never executed). Default 10. */
  readonly blockThreshold?: number;
}

/** Checked loop detection thresholds. */
export interface LoopThresholds {
  readonly warningThreshold: number;
  readonly blockThreshold: number;
}

/**
 * Checks `loopDetection` options (at toolbox creation, so a bad option throws there; the detector itself
 * loads with the first call).
 */
export function loopThresholds(options: LoopDetectionOptions | true): LoopThresholds {
  const values = options === true ? {} : options;
  const warningThreshold = checkThreshold('warningThreshold', values.warningThreshold ?? 5);
  const blockThreshold = checkThreshold('blockThreshold', values.blockThreshold ?? 10);
  if (blockThreshold < warningThreshold) {
    throw new RangeError('loopDetection.blockThreshold must be at least warningThreshold.');
  }
  return { warningThreshold, blockThreshold };
}

function checkThreshold(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 2)
    throw new RangeError(`loopDetection.${name} must be an integer >= 2.`);
  return value;
}
