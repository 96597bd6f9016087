import { ArmorerError } from './armorer-error';

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
 * match, expiry, replay, revocation. An `ArmorerError` (`instanceof` and `ArmorerError.isInstance`).
 *
 * @example
 * ```ts
 * try { await store.reserve(binding, view, Date.now()); } catch (error) {
 *   if (ApprovalError.isInstance(error) && error.code === 'already-consumed') showReplayWarning();
 * }
 * ```
 */
export class ApprovalError extends ArmorerError<ApprovalErrorCode> {
  constructor(options: ApprovalErrorOptions<ApprovalErrorCode>) {
    super(options);
    this.name = 'ApprovalError';
  }

  /** True for an approval error from any copy of this package. */
  static override isInstance(error: unknown): error is ApprovalError {
    return ArmorerError.isInstance(error) && error.name === 'ApprovalError';
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
export class GrantError extends ArmorerError<GrantErrorCode> {
  constructor(message: string, code: GrantErrorCode, options?: { readonly cause?: unknown }) {
    super(options?.cause === undefined ? { message, code } : { message, code, cause: options.cause });
    this.name = 'GrantError';
  }

  /** True for a grant error from any copy of this package. */
  static override isInstance(error: unknown): error is GrantError {
    return ArmorerError.isInstance(error) && error.name === 'GrantError';
  }
}

/** Shorthand used across the package. @internal */
export function approvalError(code: ApprovalErrorCode, message: string, cause?: unknown): ApprovalError {
  return new ApprovalError(cause === undefined ? { code, message } : { code, message, cause });
}
