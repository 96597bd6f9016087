import type { Execute } from '../common/context';

/** What the fencing middleware records about an implementation it wrapped. */
export interface FencedImplementation {
  /** The implementation inside the fence. */
  readonly inner: Execute;
  /** Builds the same fence around another implementation. */
  readonly rebuild: (inner: Execute) => Execute;
}

const fenced = new WeakMap<Execute, FencedImplementation>();

/** Records that `execute` is a fence around `entry.inner`. */
export function registerFence(execute: Execute, entry: FencedImplementation): void {
  fenced.set(execute, entry);
}

/**
 * The fence `execute` is, if it is one. Later middleware that rewrites text (truncation) works inside the
 * fence through this, so the closing delimiter can never be cut off.
 */
export function fenceOf(execute: Execute): FencedImplementation | undefined {
  return fenced.get(execute);
}
