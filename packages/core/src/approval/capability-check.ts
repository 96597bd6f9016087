import { type ApprovalRequirement, missingCapability } from '@armorer/approval';
import type { ToolError } from '../errors/tool-error';
import { capabilityDenied } from '../execution/failures';
import type { RequestContext } from '../policy/request-context';

/**
 * The capability axis of the approval policy: a denial when the effective request authority lacks a
 * capability the policy requires for this tool. No grant and no approval overrides it.
 */
export function capabilityDenial(
  requirement: ApprovalRequirement,
  toolName: string,
  context: RequestContext | undefined,
): ToolError | undefined {
  const required = requirement.requiredCapabilities;
  if (required.length === 0) return undefined;
  const held = context?.authority?.capabilities;
  const missing = missingCapability(required, Array.isArray(held) ? held : undefined);
  return missing === undefined ? undefined : capabilityDenied(toolName, missing);
}
