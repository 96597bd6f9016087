import type { ApprovalBinding } from './types';

/** A base whose constructor returns the object it is given, so a subclass can stamp any object. */
class ReturnTarget {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the stamping technique needs it.
    return target;
  }
}

/**
 * Marks bindings the parser checked and froze with a private field: unforgeable (no other code can add
 * or read it), tested by a structure check rather than a lookup, and nothing to collect (a `WeakSet` of
 * every parsed binding grew a weak table that cost more than the parse). The field also caches the
 * binding's store key. Stamped before freezing.
 * @internal
 */
export class CheckedBinding extends ReturnTarget {
  // Set while stamping, before the binding is frozen: writing a private field of a frozen object
  // later takes a slow path in JavaScriptCore.
  readonly #key: string;

  private constructor(binding: ApprovalBinding) {
    super(binding);
    this.#key = `${binding.replayScope}\u0000${binding.nonce}`;
  }

  /** Stamps and freezes a binding the parser built. */
  static seal<T extends ApprovalBinding>(binding: T): T {
    new CheckedBinding(binding);
    return Object.freeze(binding);
  }

  static has(value: object): boolean {
    return #key in value;
  }

  static keyOf(binding: Pick<ApprovalBinding, 'replayScope' | 'nonce'>): string {
    if (!(#key in binding)) return `${binding.replayScope}\u0000${binding.nonce}`;
    return (binding as unknown as CheckedBinding).#key;
  }
}

/**
 * The key a store records a binding under: its replay scope and nonce.
 *
 * @example
 * ```ts
 * const key = approvalBindingKey(binding); // 'tenant=t1;principal=u1\u0000n-123'
 * ```
 */
export function approvalBindingKey(binding: Pick<ApprovalBinding, 'replayScope' | 'nonce'>): string {
  // Only bindings the parser froze have the key cached: their scope and nonce can never change.
  return CheckedBinding.keyOf(binding);
}
