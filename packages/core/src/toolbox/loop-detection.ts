/** Options of `loopDetection`. */
export interface LoopDetectionOptions {
  /** Calls in a repeat or ping-pong run that fire `loop-warning` (the call still runs). Default 5. */
  readonly warningThreshold?: number;
  /** Calls in a run that block the call (`loop-blocked`, an error result, never executed). Default 10. */
  readonly blockThreshold?: number;
}

/** What the detector says about one incoming call. */
export interface LoopVerdict {
  readonly level: 'ok' | 'warning' | 'blocked';
  readonly kind: 'repeat' | 'ping-pong';
  readonly count: number;
  readonly message: string;
}

const MAX_OWNERS = 10_000;

/**
 * Detects a model stuck in a loop, per owner: the same call repeated (A A A ...) and two calls
 * alternating (A B A B ...). Only the last few signatures of each owner are kept.
 */
export class LoopDetector {
  readonly warningThreshold: number;
  readonly blockThreshold: number;
  readonly #history = new Map<string, string[]>();

  constructor(options: LoopDetectionOptions | true) {
    const values = options === true ? {} : options;
    this.warningThreshold = checkThreshold('warningThreshold', values.warningThreshold ?? 5);
    this.blockThreshold = checkThreshold('blockThreshold', values.blockThreshold ?? 10);
    if (this.blockThreshold < this.warningThreshold) {
      throw new RangeError('loopDetection.blockThreshold must be at least warningThreshold.');
    }
  }

  check(owner: string, toolName: string, signature: string): LoopVerdict {
    let history = this.#history.get(owner);
    if (history === undefined) {
      if (this.#history.size >= MAX_OWNERS) {
        const oldest = this.#history.keys().next().value;
        if (oldest !== undefined) this.#history.delete(oldest);
      }
      history = [];
      this.#history.set(owner, history);
    }
    history.push(signature);
    if (history.length > this.blockThreshold * 2 + 2)
      history.splice(0, history.length - (this.blockThreshold * 2 + 2));
    const repeat = repeatRun(history);
    const alternating = pingPongRun(history);
    const kind = alternating > repeat ? 'ping-pong' : 'repeat';
    const count = Math.max(repeat, alternating);
    const described =
      kind === 'repeat'
        ? `"${toolName}" was called ${count} times in a row with the same arguments`
        : `the model alternated between two calls ${count} times ending with "${toolName}"`;
    if (count >= this.blockThreshold) {
      return {
        level: 'blocked',
        kind,
        count,
        message: `Loop blocked: ${described}. Change approach instead of repeating.`,
      };
    }
    if (count >= this.warningThreshold)
      return { level: 'warning', kind, count, message: `Possible loop: ${described}.` };
    return { level: 'ok', kind, count, message: '' };
  }
}

function checkThreshold(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 2)
    throw new RangeError(`loopDetection.${name} must be an integer >= 2.`);
  return value;
}

function repeatRun(history: readonly string[]): number {
  const last = history[history.length - 1];
  let run = 0;
  for (let index = history.length - 1; index >= 0 && history[index] === last; index--) run++;
  return run;
}

function pingPongRun(history: readonly string[]): number {
  const length = history.length;
  if (length < 2 || history[length - 1] === history[length - 2]) return 0;
  let run = 2;
  for (let index = length - 3; index >= 0 && history[index] === history[index + 2]; index--) run++;
  return run >= 3 ? run : 0;
}

/** A stable signature of a call: its name and its arguments with object keys sorted. */
export function callSignature(name: string, args: unknown): string {
  let value = args;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return `${name}\u0000${value}`;
    }
  }
  return `${name}\u0000${stableStringify(value, 0)}`;
}

function stableStringify(value: unknown, depth: number): string {
  if (depth > 64) return '"…"';
  if (Array.isArray(value)) return `[${value.map((item) => stableStringify(item, depth + 1)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key], depth + 1)}`).join(',')}}`;
  }
  const text = JSON.stringify(value);
  return text === undefined ? 'null' : text;
}
