// The marker armorer's base error uses, so `ArmorerError.isInstance` recognizes these errors too.
const ARMORER_ERROR = Symbol.for('armorer.error');

/** Why an approval binding was refused. Stable strings a host can branch on. */
export type ApprovalErrorCode =
  | 'invalid-descriptor'
  | 'invalid-binding'
  | 'invalid-signature'
  | 'missing-secret'
  | 'weak-secret'
  | 'invalid-key'
  | 'arguments-too-large'
  | 'missing-request-context'
  | 'expired'
  | 'principal-mismatch'
  | 'tenant-mismatch'
  | 'owner-mismatch'
  | 'audience-mismatch'
  | 'agent-mismatch'
  | 'run-mismatch'
  | 'authorization-mismatch'
  | 'capability-mismatch'
  | 'revision-mismatch'
  | 'tool-mismatch'
  | 'already-issued'
  | 'not-issued'
  | 'already-reserved'
  | 'not-reserved'
  | 'already-consumed'
  | 'revoked'
  | 'binding-conflict'
  | 'not-restorable'
  | 'store-failed';

/** Why a grant was refused. */
export type GrantErrorCode =
  | 'invalid-grant'
  | 'invalid-scope'
  | 'invalid-signature'
  | 'missing-secret'
  | 'duplicate-grant';

/** Options of the approval error constructors. */
export interface ApprovalErrorOptions<TCode extends string> {
  readonly message: string;
  readonly code: TCode;
  readonly cause?: unknown;
}

/**
 * Thrown when an approval binding is refused: bad shape or signature, a request context that does not
 * match, expiry, replay, revocation. Recognized by `ArmorerError.isInstance` from `armorer`.
 *
 * @example
 * ```ts
 * try { await store.reserve(binding, view, Date.now()); } catch (error) {
 *   if (ApprovalError.isInstance(error) && error.code === 'already-consumed') showReplayWarning();
 * }
 * ```
 */
export class ApprovalError extends Error {
  readonly [ARMORER_ERROR] = true;
  readonly code: ApprovalErrorCode;

  constructor(options: ApprovalErrorOptions<ApprovalErrorCode>) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApprovalError';
    this.code = options.code;
  }

  /** True for an approval error from any copy of this package. */
  static isInstance(error: unknown): error is ApprovalError {
    return isMarked(error) && (error as { name?: unknown }).name === 'ApprovalError';
  }
}

/**
 * Thrown by grant issuance and verification (`signGrant`, `verifyGrantSignature`, `toolbox.issueGrant`).
 *
 * @example
 * ```ts
 * try { verifyGrantSignature(grant, secret); } catch (error) {
 *   if (GrantError.isInstance(error)) console.log(error.code); // 'invalid-signature'
 * }
 * ```
 */
export class GrantError extends Error {
  readonly [ARMORER_ERROR] = true;
  readonly code: GrantErrorCode;

  constructor(message: string, code: GrantErrorCode, options?: { readonly cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GrantError';
    this.code = code;
  }

  /** True for a grant error from any copy of this package. */
  static isInstance(error: unknown): error is GrantError {
    return isMarked(error) && (error as { name?: unknown }).name === 'GrantError';
  }
}

function isMarked(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[ARMORER_ERROR] === true
  );
}

/** Shorthand used across the package. @internal */
export function approvalError(code: ApprovalErrorCode, message: string, cause?: unknown): ApprovalError {
  return new ApprovalError(cause === undefined ? { code, message } : { code, message, cause });
}
