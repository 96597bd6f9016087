import type { ToolError } from '../errors/tool-error';
import { runPolicyStage } from '../policy/evaluate';
import { narrowCapabilities } from '../policy/narrow-capabilities';
import { freezeRequestContext } from '../policy/request-context';
import type { PolicyContext } from '../policy/types';
import { ArgumentsFailure, parseArguments } from './arguments';
import { argumentsError, metadataDenied, validationError } from './failures';
import { nextExecutionId } from './ids';
import type { Registration } from './registration';
import { isAvailable, parseAsyncOrFail, type SafeParseResult } from './run-steps';
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
 * `beforeExecute` policy) without executing, admitting or emitting anything. Policy hooks do run, so a
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
    parsed = await parseAsyncOrFail(reg, args, error);
  }
  if (!parsed.success) {
    return { status: 'invalid', error: validationError(config.name, parsed.error?.issues ?? []) };
  }
  const denial = reg.metadataDenial;
  if (denial !== undefined && denial !== 'warnUndeclared') {
    return { status: 'deny', error: metadataDenied(config.name, denial) };
  }
  if (!reg.hasBeforeExecute) return ALLOW;
  const requestContext =
    options?.requestContext === undefined ? undefined : freezeRequestContext(options.requestContext);
  let context: PolicyContext = {
    toolName: config.name,
    callId,
    executionId: nextExecutionId(),
    ownerId: options?.ownerId ?? requestContext?.authority?.ownerId,
    params: parsed.data as Record<string, unknown>,
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
  return stop === undefined ? ALLOW : { status: stop.status, error: stop.error };
}
