import { type ApprovalRequirement, missingCapability } from '@armorer/approval';
import type { RequestContext } from '../policy/request-context';

/**
 * The capability axis of the approval policy: the first capability the policy requires for this tool that
 * the effective request authority lacks, or undefined. No grant and no approval overrides a missing one.
 */
export function missingCapabilityOf(
  requirement: ApprovalRequirement,
  context: RequestContext | undefined,
): string | undefined {
  const required = requirement.requiredCapabilities;
  if (required.length === 0) return undefined;
  const held = context?.authority?.capabilities;
  return missingCapability(required, Array.isArray(held) ? held : undefined);
}
