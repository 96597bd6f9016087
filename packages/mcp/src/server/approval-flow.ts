import { parseApprovalBinding } from '@armorer/approval';
import {
  createToolError,
  describeThrown,
  type PendingApproval,
  type RequestContext,
  type Toolbox,
  type ToolErrorCode,
  type ToolResult,
} from '@armorer/core';
import type { McpCallToolResult } from '../declarations/types';
import type { Answer } from './answer';
import type { CallHost } from './call-host';
import { errorResult, toCallToolResult } from './to-call-result';
import type { ElicitedRequestContext, McpCallOptions } from './types';

/** What settling an answered pause needs from the call it belongs to. */
export interface SettleContext {
  readonly host: CallHost;
  readonly toolbox: Toolbox;
  readonly options: McpCallOptions & { readonly signal: AbortSignal };
  /** The call as the client sent it (re-run when the pause has no signed binding). */
  readonly call: { readonly name: string; readonly arguments: unknown };
  /** Whether a successful result of this tool carries `structuredContent`. */
  structured(): boolean;
}

/** The refusal of a pause that cannot be resumed (a bad or replayed `requestState`, another principal). */
export function invalidApproval(reason: string, message: string): McpCallToolResult {
  return errorResult(
    createToolError('APPROVAL_INVALID', `${message} The tool did not run.`, { details: { reason } }),
  );
}

function neededCode(pending: PendingApproval): ToolErrorCode {
  return pending.kind === 'approval' ? 'APPROVAL_REQUIRED' : 'INPUT_REQUIRED';
}

/**
 * Whether the request asking to revoke a binding comes from the tenant and principal it was issued to.
 * A `requestState` is only handed to the client that paused the call; this keeps a copy of it in other
 * hands from revoking someone else's approval. Undefined when it may, else the refusal.
 */
function foreignRevocation(
  pending: PendingApproval,
  context: RequestContext | undefined,
): string | undefined {
  let binding: { tenantId: string | null; principalId: string | null };
  try {
    binding = parseApprovalBinding(pending.binding);
  } catch (error) {
    return `The approval binding is malformed (${describeThrown(error)}).`;
  }
  const authority = context?.authority;
  if (
    binding.tenantId !== (authority?.tenantId ?? null) ||
    binding.principalId !== (authority?.principalId ?? null)
  ) {
    return 'The approval was issued to another tenant or principal.';
  }
  return undefined;
}

/** A human's no: the signed binding is revoked (it can never be resumed), and the model is told. */
async function refuse(
  pending: PendingApproval,
  action: 'decline' | 'cancel',
  context: SettleContext,
): Promise<McpCallToolResult> {
  if (pending.binding !== undefined) {
    const foreign = foreignRevocation(pending, context.options.requestContext);
    if (foreign !== undefined) return invalidApproval('principal-mismatch', foreign);
    try {
      await context.toolbox.revokeApproval(pending);
    } catch (error) {
      // Already consumed or revoked (a replayed answer), or a bad signature: nothing left to revoke.
      return invalidApproval('not-revocable', `The approval cannot be declined: ${describeThrown(error)}`);
    }
  }
  const code = pending.kind === 'approval' ? 'POLICY_DENIED' : 'INPUT_REQUIRED';
  const verb = action === 'cancel' ? 'cancelled' : 'declined';
  return errorResult(
    createToolError(
      code,
      `The user ${verb} the call to "${pending.toolName}". Do not retry it unless the user asks.`,
      {
        details: { reason: `elicitation ${action}` },
      },
    ),
  );
}

/**
 * Acts on a human's answer to a paused call, the same way in both protocol eras. A refusal revokes the
 * signed binding. An approval (or the input) resumes a signed pause through `toolbox.resumeApproval`:
 * the signature, tenant, principal and revisions are checked, the approval state store lets the binding
 * be consumed once, and the call runs with the proposed arguments or the approver's edits (validated
 * again). A pause without a signed binding (no `approvalSecret`) is run again with the answer on
 * `requestContext.elicitation`, where the policy reads it.
 */
export async function settleAnswer(
  pending: PendingApproval,
  answer: Answer,
  context: SettleContext,
): Promise<McpCallToolResult> {
  if (answer.kind === 'refuse') return refuse(pending, answer.action, context);
  if (answer.kind === 'invalid') {
    return errorResult(
      createToolError(
        neededCode(pending),
        `${answer.message} The call to "${pending.toolName}" did not run.`,
        {
          details: { reason: 'elicitation invalid' },
        },
      ),
    );
  }
  const resumed = await resumeAccepted(pending, answer, context);
  return toCallToolResult(resumed, resumed.outcome === 'success' && context.structured());
}

/**
 * Runs an accepted answer: resumes a signed pause through `toolbox.resumeApproval` (once; the approval
 * state store sees to that), or re-runs an unsigned one with the answer on `requestContext.elicitation`.
 * Answers the call's own {@link ToolResult} (a task keeps it, or pauses again on it).
 */
export function resumeAccepted(
  pending: PendingApproval,
  answer: Extract<Answer, { kind: 'accept' }>,
  context: SettleContext,
): Promise<ToolResult> {
  const { options, toolbox } = context;
  const requestContext: ElicitedRequestContext = {
    ...options.requestContext,
    elicitation: {
      action: 'accept',
      executionId: pending.executionId,
      kind: pending.kind,
      content: answer.content,
    },
  };
  if (pending.binding !== undefined) {
    return toolbox.resumeApproval(pending, {
      requestContext,
      signal: options.signal,
      ...(answer.edits === undefined ? {} : { arguments: answer.edits }),
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      ...(options.ownerId === undefined ? {} : { ownerId: options.ownerId }),
    });
  }
  return toolbox.execute(
    {
      id: context.host.nextCallId(),
      name: context.call.name,
      arguments: answer.edits ?? context.call.arguments,
    },
    { ...options, requestContext },
  );
}
