import { type CanonicalJsonOptions, canonicalJson } from '@armorer/approval';
import { type LoopDetectionOptions, loopThresholds } from './loop-options';

export type { LoopDetectionOptions } from './loop-options';

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
    const thresholds = loopThresholds(options);
    this.warningThreshold = thresholds.warningThreshold;
    this.blockThreshold = thresholds.blockThreshold;
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

/**
 * A signature visits at most 10,000 values (objects, arrays, leaves; shared ones counted each time) and
 * 1,000,000 characters of strings and keys: the work stays small on the admission path.
 */
const SIGNATURE_LIMITS: CanonicalJsonOptions = { convert: true, maxValues: 10_000, maxLength: 1_000_000 };

let unsignable = 0;

/**
 * A stable signature of a call: its name and its arguments in armorer's canonical JSON (keys sorted), with
 * `Date`s and other `toJSON` values as their JSON. Linear in the size of the arguments: a value that is
 * cyclic, too large (shared references are counted each time they are reached, so a small DAG that expands
 * exponentially is too large), not JSON data, or hostile (throwing getters, Proxy traps) gets a signature of
 * its own that matches no other call, so it is never taken for a repeat.
 */
export function callSignature(name: string, args: unknown): string {
  try {
    let value = args;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        return `${name}\u0000${value}`;
      }
    }
    return `${name}\u0000${canonicalJson(value, SIGNATURE_LIMITS)}`;
  } catch {
    return `${name}\u0000\u0000unsignable:${++unsignable}`;
  }
}
