import {
  ApprovalError,
  type ApprovalKey,
  type ApprovalSecret,
  checkApprovalKeys,
  checkApprovalSecret,
} from '@armorer/approval';
import { ToolboxError } from '../errors/armorer-error';
import type { ToolboxOptions } from '../toolbox/types';

/** What a toolbox signs with: one secret (`approvalSecret`) or a ring of named keys (`approvalKeys`). */
export type SigningMaterial =
  | { readonly secret: ApprovalSecret; readonly keys?: undefined }
  | { readonly keys: readonly ApprovalKey[]; readonly secret?: undefined };

function refused(error: unknown): ToolboxError {
  const message = ApprovalError.isInstance(error) ? error.message : String(error);
  return new ToolboxError({ code: 'INVALID_TOOLBOX_OPTIONS', message, cause: error });
}

/** A copy of a secret: bytes are copied, so wiping the caller's buffer later changes nothing here. */
function copied(secret: ApprovalSecret): ApprovalSecret {
  return secret instanceof Uint8Array ? secret.slice() : secret;
}

/**
 * The toolbox's signing material, checked when it is created: `approvalSecret` or `approvalKeys` (not
 * both), every secret at least 32 bytes. When the toolbox can issue an approval or a grant (`issuing`
 * says why), a missing secret is refused too. Throws a ToolboxError (INVALID_TOOLBOX_OPTIONS) whose message names
 * the option (`approvalSecret`, `approvalKeys[1].secret`) and whose `cause` is the ApprovalError
 * (`missing-secret`, `weak-secret`, `invalid-key`). Secrets are copied.
 */
export function checkedKeys(
  options: ToolboxOptions<object>,
  issuing: string | undefined,
): SigningMaterial | undefined {
  const { approvalSecret: secret, approvalKeys: keys } = options;
  try {
    if (keys !== undefined) {
      if (secret !== undefined) {
        throw new ToolboxError({
          code: 'INVALID_TOOLBOX_OPTIONS',
          message: 'Configure approvalSecret or approvalKeys, not both (a single secret is a one-key ring).',
        });
      }
      return {
        keys: checkApprovalKeys(keys, 'approvalKeys').map(({ id, secret }) => ({
          id,
          secret: copied(secret),
        })),
      };
    }
    if (secret === undefined) {
      if (issuing === undefined) return undefined;
      throw new ToolboxError({
        code: 'INVALID_TOOLBOX_OPTIONS',
        message: `approvalSecret is missing, and this toolbox can issue approvals or grants (${issuing}), which must be signed: set approvalSecret to at least 32 random bytes (or approvalKeys).`,
        cause: new ApprovalError({ code: 'missing-secret', message: 'approvalSecret is missing.' }),
      });
    }
    return { secret: copied(checkApprovalSecret(secret, 'approvalSecret')) };
  } catch (error) {
    throw ToolboxError.isInstance(error) ? error : refused(error);
  }
}
