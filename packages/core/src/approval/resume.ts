import { type ApprovalBinding, ApprovalError, jsonEqual, matchApprovalBinding } from '@armorer/approval';
import { createToolError } from '../errors/create-tool-error';
import { describeThrown } from '../errors/tool-error';
import type { EventHub } from '../events/event-hub';
import { definitionRevision } from '../execution/definition-revision';
import { createResult } from '../execution/finish-call';
import type { Registration } from '../execution/registration';
import { startCall, toPromise } from '../execution/run-call';
import type { ToolExecuteOptions, ToolResult } from '../execution/types';
import { freezeRequestContext } from '../policy/request-context';
import type { ApprovalRuntime } from './approval-runtime';
import { verifyDescriptor } from './descriptor';
import { requestView } from './request-view';
import { codeOf, isThenable, RESUME, ResumeState } from './resume-state';
import type { ResumeApprovalOptions, ResumedToolResult } from './types';

/** What a resume needs from its toolbox. */
export interface ResumeHost {
  readonly runtime: ApprovalRuntime | undefined;
  readonly registrations: ReadonlyMap<string, Registration>;
  readonly emitter: EventHub;
}

/**
 * Resumes a paused call (see `Toolbox.resumeApproval`). The order matters: everything that can refuse
 * without touching the store runs first; the store then reserves the binding atomically (one winner
 * among concurrent resumes); the pipeline re-validates and re-runs policy and commits the binding right
 * before the implementation runs; a resume that ends before that releases the binding back to issued.
 */
export async function resumeApproval(
  host: ResumeHost,
  descriptor: unknown,
  options: ResumeApprovalOptions,
): Promise<ResumedToolResult> {
  let binding: ApprovalBinding | undefined;
  try {
    const runtime = host.runtime;
    const verified = verifyDescriptor(runtime, descriptor);
    binding = verified.binding;
    const store = runtime?.store;
    if (runtime === undefined || store === undefined) {
      throw new ApprovalError({
        code: 'missing-secret',
        message: 'This toolbox has no approval state store.',
      });
    }
    const requestContext = options?.requestContext;
    if (typeof requestContext !== 'object' || requestContext === null) {
      throw new ApprovalError({
        code: 'missing-request-context',
        message: 'resumeApproval needs the current requestContext.',
      });
    }
    const reg = host.registrations.get(binding.toolName);
    if (reg === undefined) {
      throw new ApprovalError({
        code: 'tool-mismatch',
        message: `Tool "${binding.toolName}" is not registered here.`,
      });
    }
    const frozen = freezeRequestContext(requestContext);
    const ownerId = options.ownerId ?? frozen.authority?.ownerId;
    const view = requestView(frozen, ownerId, runtime.revisions, definitionRevision(reg.config));
    const now = runtime.now();
    const mismatch = matchApprovalBinding(binding, view, now);
    if (mismatch !== undefined) throw new ApprovalError(mismatch);
    const edited =
      options.arguments !== undefined && !jsonEqual(options.arguments, verified.proposedArguments);
    const executed = options.arguments !== undefined ? options.arguments : verified.proposedArguments;
    const resume = new ResumeState(binding, store, {
      approved: true,
      kind: binding.kind,
      edited,
      proposedArguments: verified.proposedArguments,
    });
    const reserving = store.reserve(binding, view, now);
    if (isThenable(reserving)) await reserving;
    let result: ToolResult;
    try {
      const callOptions: { -readonly [K in keyof ToolExecuteOptions]: ToolExecuteOptions[K] } & {
        [RESUME]: ResumeState;
      } = { requestContext: frozen, [RESUME]: resume };
      if (ownerId !== undefined) callOptions.ownerId = ownerId;
      if (options.signal !== undefined) callOptions.signal = options.signal;
      if (options.timeout !== undefined) callOptions.timeout = options.timeout;
      const call = { id: binding.callId, name: binding.toolName, arguments: executed };
      result = await toPromise(startCall(reg, call, binding.callId, callOptions));
    } finally {
      if (!resume.committed) await releaseQuietly(store, binding);
    }
    return { ...result, executedArgumentsEdited: edited };
  } catch (error) {
    return refusal(host.emitter, descriptor, binding, error);
  }
}

async function releaseQuietly(
  store: { release(binding: ApprovalBinding): unknown },
  binding: ApprovalBinding,
): Promise<void> {
  try {
    await store.release(binding);
  } catch {
    // The binding was not reserved by this resume (or the store failed): nothing to hand back.
  }
}

function refusal(
  emitter: EventHub,
  descriptor: unknown,
  binding: ApprovalBinding | undefined,
  error: unknown,
): ResumedToolResult {
  const record =
    typeof descriptor === 'object' && descriptor !== null ? (descriptor as Record<string, unknown>) : {};
  const toolName = binding?.toolName ?? (typeof record.toolName === 'string' ? record.toolName : '');
  const callId = binding?.callId ?? (typeof record.callId === 'string' ? record.callId : '');
  const code = ApprovalError.isInstance(error) ? error.code : codeOf(error);
  const toolError = createToolError(
    'APPROVAL_INVALID',
    `The approval of tool "${toolName}" cannot be resumed (${code}): ${describeThrown(error)} The tool did not run.`,
    { details: { reason: code }, cause: error },
  );
  const result = createResult(toolName, callId, 'denied', undefined, toolError, undefined, undefined);
  if (emitter.size !== 0 && emitter.has('error')) {
    emitter.emit('error', {
      type: 'error',
      detail: { result, error: toolError },
      timestamp: Date.now(),
      toolName,
      callId,
      executionId: undefined,
      ownerId: undefined,
    });
  }
  return { ...result, executedArgumentsEdited: false };
}
