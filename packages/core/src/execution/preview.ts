import { missingCapabilityOf } from '../approval/capability-check';
import type { ToolError } from '../errors/tool-error';
import { approvalStop } from '../policy/approval-stops';
import { runPolicyStage } from '../policy/evaluate';
import { narrowCapabilities } from '../policy/narrow-capabilities';
import type { RequestContext } from '../policy/request-context';
import { freezeRequestContext } from '../policy/request-context';
import type { PolicyContext } from '../policy/types';
import { nextExecutionId } from './ids';
import type { Registration } from './registration';
import { isAvailable } from './stages/admission';
import { ArgumentsFailure, parseArguments } from './stages/arguments';
import { argumentsError, capabilityDenied, metadataDenied, validationError } from './stages/failures';
import { parseAsyncOrFail, type SafeParseResult } from './stages/validation';
import type { ToolCall, ToolExecuteOptions } from './types';

/** What a call would meet before its implementation runs. */
export type ToolCallPreviewStatus =
  | 'allow'
  | 'deny'
  | 'needs_approval'
  | 'needs_input'
  | 'invalid'
  | 'unavailable'
  | 'not_found';

/** The outcome of `previewRegisteredCall`: a status, and the error the call would end with. */
export interface ToolCallPreview {
  readonly status: ToolCallPreviewStatus;
  readonly error?: ToolError;
}

const ALLOW: ToolCallPreview = Object.freeze({ status: 'allow' });

/**
 * Runs the stages before the implementation (availability, arguments, validation, metadata enforcement,
 * `beforeExecute` policy, the approval policy and grants) without executing, admitting or emitting
 * anything, and without taking a grant's use. Policy hooks do run, so a
 * hook with side effects sees the call twice when the call is then executed.
 */
export async function previewRegisteredCall(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
): Promise<ToolCallPreview> {
  const config = reg.config;
  if (config.availability !== undefined && !(await isAvailable(reg))) return { status: 'unavailable' };
  const raw = call.arguments;
  const args =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : parseArguments(raw);
  if (args instanceof ArgumentsFailure)
    return { status: 'invalid', error: argumentsError(config.name, args) };
  let parsed: SafeParseResult;
  try {
    parsed = config.schema.safeParse(args) as SafeParseResult;
  } catch (error) {
    parsed = await parseAsyncOrFail(config.schema, args, error);
  }
  if (!parsed.success) {
    return { status: 'invalid', error: validationError(config.name, parsed.error?.issues ?? []) };
  }
  const denial = reg.metadataDenial;
  if (denial !== undefined && denial !== 'warnUndeclared') {
    return { status: 'deny', error: metadataDenied(config.name, denial) };
  }
  const requestContext =
    options?.requestContext === undefined ? undefined : freezeRequestContext(options.requestContext);
  const params = parsed.data as Record<string, unknown>;
  if (!reg.hasBeforeExecute) return previewApprovalGate(reg, requestContext, params);
  let context: PolicyContext = {
    toolName: config.name,
    callId,
    executionId: nextExecutionId(),
    ownerId: options?.ownerId ?? requestContext?.authority?.ownerId,
    params,
    call,
    description: config.description,
    tags: config.tags,
    metadata: config.metadata,
    context: reg.context,
    policyContext: reg.owner.policyContext,
    requestContext,
  };
  const narrow = (capabilities: readonly string[]): PolicyContext => {
    context = { ...context, requestContext: narrowCapabilities(context.requestContext, capabilities) };
    return context;
  };
  const stop = await runPolicyStage(
    config.name,
    'beforeExecute',
    reg.owner.policy,
    config.policy,
    context,
    narrow,
  );
  if (stop !== undefined) return { status: stop.status, error: stop.error };
  return previewApprovalGate(reg, context.requestContext, params);
}

/**
 * The approval policy's two axes, as `execute` applies them after the hooks: a required capability the
 * authority lacks denies; a tool the policy asks about pauses unless a grant would authorize the call (a
 * grant's use is not taken by a preview).
 */
async function previewApprovalGate(
  reg: Registration,
  requestContext: RequestContext | undefined,
  params: Record<string, unknown>,
): Promise<ToolCallPreview> {
  const gate = reg.approvalGate;
  if (gate === undefined) return ALLOW;
  const name = reg.config.name;
  const missing = missingCapabilityOf(gate, requestContext);
  if (missing !== undefined) return { status: 'deny', error: capabilityDenied(name, missing) };
  if (gate.ask !== true) return ALLOW;
  const { wouldAuthorizeWithGrant } = await import('../approval/authorize-with-grant');
  if (await wouldAuthorizeWithGrant(reg, requestContext, params)) return ALLOW;
  const stop = approvalStop(name, gate.reason);
  return { status: stop.status, error: stop.error };
}
