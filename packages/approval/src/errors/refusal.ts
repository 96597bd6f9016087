import { ApprovalError, type ApprovalErrorCode } from './errors';

const REFUSALS: Readonly<Record<string, string>> = {
  'already-issued': 'This approval binding was already issued.',
  'not-issued': 'The approval was never issued (or was lost).',
  'already-reserved': 'The approval is already being resumed.',
  'not-reserved': 'The approval is not reserved.',
  'already-consumed': 'The approval was already used.',
  revoked: 'The approval was revoked.',
  'binding-conflict': 'Another binding is recorded under this replay scope and nonce.',
  'not-restorable':
    'The approval state store cannot prove this approval was never used (its state may have been lost), so it cannot be restored.',
  expired: 'The approval has expired.',
};

/**
 * For store authors: the `ApprovalError` an approval state store throws for a refusal code its storage
 * answered (`already-issued`, `not-issued`, `already-reserved`, `not-reserved`, `already-consumed`,
 * `revoked`, `binding-conflict`, `not-restorable`, `expired`), with the standard message. Any other code (a script answering something
 * unexpected) is a `store-failed` error naming it.
 *
 * @example
 * ```ts
 * const answer = await runReserveScript(binding); // 'ok' or a refusal code
 * if (answer !== 'ok') throw approvalRefusal(answer);
 * ```
 */
export function approvalRefusal(code: string): ApprovalError {
  // Own keys only: `toString` or `__proto__` from a script is no refusal.
  const message = Object.hasOwn(REFUSALS, code) ? REFUSALS[code] : undefined;
  if (message === undefined) {
    return new ApprovalError({
      code: 'store-failed',
      message: `The store answered an unknown refusal "${code}".`,
    });
  }
  return new ApprovalError({ code: code as ApprovalErrorCode, message });
}
