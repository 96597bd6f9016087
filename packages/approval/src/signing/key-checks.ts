import { approvalError } from '../errors/errors';
import { type ApprovalKey, approvalKeysProblem, approvalSecretProblem } from './key-problems';
import type { ApprovalSecret } from './signing-key';

/**
 * Checks a secret (see {@link approvalSecretProblem}); throws an `ApprovalError` (`missing-secret`,
 * `weak-secret`) naming it by `label`, never by its value.
 *
 * @example
 * ```ts
 * checkApprovalSecret(process.env.ARMORER_APPROVAL_SECRET, 'approvalSecret');
 * ```
 */
export function checkApprovalSecret(secret: unknown, label: string): ApprovalSecret {
  const problem = approvalSecretProblem(secret, label);
  if (problem !== undefined) throw approvalError(problem.code, problem.message);
  return secret as ApprovalSecret;
}

/**
 * Checks a list of keys (see {@link approvalKeysProblem}); throws an `ApprovalError` (`invalid-key`,
 * `missing-secret`, `weak-secret`) naming the key at fault. Returns the keys.
 *
 * @example
 * ```ts
 * checkApprovalKeys([{ id: 'k2', secret: next }, { id: 'k1', secret: current }], 'approvalKeys');
 * ```
 */
export function checkApprovalKeys(keys: unknown, label: string): readonly ApprovalKey[] {
  const problem = approvalKeysProblem(keys, label);
  if (problem !== undefined) throw approvalError(problem.code, problem.message);
  return keys as readonly ApprovalKey[];
}
