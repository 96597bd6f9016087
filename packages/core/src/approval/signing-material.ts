import {
  type ApprovalKey,
  type ApprovalKeyProblem,
  type ApprovalSecret,
  approvalKeysProblem,
  approvalSecretProblem,
} from '@armorer/approval';
import { ToolboxError } from '../errors/armorer-error';
import type { ToolboxOptions } from '../toolbox/types';

/** What a toolbox signs with: one secret (`approvalSecret`) or a ring of named keys (`approvalKeys`). */
export type SigningMaterial =
  | { readonly secret: ApprovalSecret; readonly keys?: undefined }
  | { readonly keys: readonly ApprovalKey[]; readonly secret?: undefined };

function refused(message: string): ToolboxError {
  return new ToolboxError({ code: 'INVALID_TOOLBOX_OPTIONS', message });
}

function refuseIf(problem: ApprovalKeyProblem | undefined): void {
  if (problem !== undefined) throw refused(problem.message);
}

/** A copy of a secret: bytes are copied, so wiping the caller's buffer later changes nothing here. */
function copied(secret: ApprovalSecret): ApprovalSecret {
  return secret instanceof Uint8Array ? secret.slice() : secret;
}

/**
 * The toolbox's signing material, checked when it is created: `approvalSecret` or `approvalKeys` (not
 * both), every secret at least 32 bytes. When the toolbox can issue an approval or a grant (`issuing`
 * says why), a missing secret is refused too. Throws a ToolboxError (INVALID_TOOLBOX_OPTIONS) whose message
 * names the option (`approvalSecret`, `approvalKeys[1].secret`), never a secret. Secrets are copied.
 */
export function checkedKeys(
  options: ToolboxOptions<object>,
  issuing: string | undefined,
): SigningMaterial | undefined {
  const { approvalSecret: secret, approvalKeys: keys } = options;
  if (keys !== undefined) {
    if (secret !== undefined) throw refused('Configure approvalSecret or approvalKeys, not both.');
    refuseIf(approvalKeysProblem(keys, 'approvalKeys'));
    return { keys: keys.map(({ id, secret }) => ({ id, secret: copied(secret) })) };
  }
  if (secret === undefined) {
    if (issuing === undefined) return undefined;
    throw refused(
      `approvalSecret is missing, but this toolbox can issue approvals or grants (${issuing}), which must be signed: set it to 32+ random bytes.`,
    );
  }
  refuseIf(approvalSecretProblem(secret, 'approvalSecret'));
  return { secret: copied(secret) };
}
