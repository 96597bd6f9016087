import { ApprovalError, type ApprovalErrorCode } from '@armorer/approval';

const MESSAGES: Readonly<Record<string, string>> = {
  'already-issued': 'This approval binding was already issued.',
  'not-issued': 'The approval was never issued (or was lost).',
  'already-reserved': 'The approval is already being resumed.',
  'not-reserved': 'The approval is not reserved.',
  'already-consumed': 'The approval was already used.',
  revoked: 'The approval was revoked.',
  'binding-conflict': 'Another binding is recorded under this replay scope and nonce.',
};

/** The ApprovalError for a refusal code a script or query answered. @internal */
export function refusal(code: string): ApprovalError {
  const message = MESSAGES[code];
  if (message === undefined) {
    return new ApprovalError({
      code: 'store-failed',
      message: `The store answered an unknown refusal "${code}".`,
    });
  }
  return new ApprovalError({ code: code as ApprovalErrorCode, message });
}
