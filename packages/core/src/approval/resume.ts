import {
  type ApprovalBinding,
  ApprovalError,
  canonicalJson,
  jsonEqual,
  matchApprovalBinding,
} from '@armorer/approval';
import { createToolError } from '../errors/create-tool-error';
import { sentence } from '../errors/sentence';
import { describeThrown } from '../errors/tool-error';
import type { EventHub } from '../events/event-hub';
import { definitionRevision } from '../execution/definition-revision';
import { EXECUTION_INTERCEPTOR, interceptorOf } from '../execution/interceptor';
import type { Registration } from '../execution/registration';
import { admitCall } from '../execution/stages/admission';
import { createResult } from '../execution/stages/finish';
import type { ToolCall, ToolExecuteOptions, ToolResult } from '../execution/types';
import { freezeRequestContext } from '../policy/request-context';
import type { ApprovalRuntime } from './approval-runtime';
import { verifyDescriptor } from './descriptor';
import { requestView } from './request-view';
import { untilReservedOrStopped } from './reserve-wait';
import { codeOf, isThenable, ResumeState } from './resume-state';
import type { ResumeApprovalOptions, ResumedToolResult } from './types';

/** What a resume needs from its toolbox. */
export interface ResumeHost {
  readonly runtime: ApprovalRuntime | undefined;
  readonly registrations: ReadonlyMap<string, Registration>;
  readonly emitter: EventHub;
  /** Whether the toolbox still admits calls (`shutdown` closes it). */
  readonly tracker: { readonly admissionClosed: boolean };
}

/**
 * Resumes a paused call (see `Toolbox.resumeApproval`). The order matters: everything that can refuse
 * without touching the store runs first; the store then reserves the binding atomically (one winner
 * among concurrent resumes); the pipeline re-validates and re-runs policy and commits the binding right
 * before the implementation runs; a resume that ends before that releases the binding back to issued.
 * With a store that answers synchronously (the process-local one), a resume whose tool is running
 * returns the pipeline's own promise: its result already says whether the arguments were edited.
 */
export function resumeApproval(
  host: ResumeHost,
  descriptor: unknown,
  options: ResumeApprovalOptions,
): Promise<ResumedToolResult> {
  // A toolbox that no longer admits calls answers as `execute` does, before anything is checked or
  // reserved: the approval is not at fault and stays issued, for a toolbox that runs.
  if (host.tracker.admissionClosed) return Promise.resolve(closedRefusal(host.emitter, descriptor));
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
    const edits = editedArguments(options.arguments, verified.proposedArguments);
    const edited = edits?.edited === true;
    const resume = new ResumeState(
      binding,
      store,
      { approved: true, kind: binding.kind, edited, proposedArguments: verified.proposedArguments },
      runtime,
      verified.validated && !edited,
    );
    const callOptions: { -readonly [K in keyof ToolExecuteOptions]: ToolExecuteOptions[K] } = {
      requestContext: frozen,
    };
    // A satellite's interceptor (idempotency) given with the resume stands in front of the resumed call too.
    const interceptor = interceptorOf(options as ToolExecuteOptions);
    if (interceptor !== undefined)
      (callOptions as Record<symbol, unknown>)[EXECUTION_INTERCEPTOR] = interceptor;
    if (ownerId !== undefined) callOptions.ownerId = ownerId;
    if (options.signal !== undefined) callOptions.signal = options.signal;
    if (options.timeout !== undefined) callOptions.timeout = options.timeout;
    const call = {
      id: binding.callId,
      name: binding.toolName,
      arguments: edits !== undefined ? edits.value : verified.proposedArguments,
    };
    const reserving = store.reserve(binding, view, now);
    if (isThenable(reserving)) {
      return reserveThenRun(host, descriptor, reserving, reg, call, callOptions, resume);
    }
    return run(host, descriptor, reg, call, callOptions, resume);
  } catch (error) {
    return Promise.resolve(refusal(host.emitter, descriptor, binding, error));
  }
}

/**
 * The arguments a person edited, read once: a JSON copy of them (what then runs) and whether it differs
 * from the proposal, so the `edited` flag policy sees and the result reports describes what runs, whatever
 * getters or Proxy traps the given object has. Edits that are not JSON data (a Date, a Map, a class
 * instance) cannot equal the JSON proposal: they run as given and count as edited.
 */
function editedArguments(
  edits: unknown,
  proposed: Readonly<Record<string, unknown>>,
): { readonly value: unknown; readonly edited: boolean } | undefined {
  if (edits === undefined) return undefined;
  let text: string;
  try {
    text = canonicalJson(edits);
  } catch {
    return { value: edits, edited: true };
  }
  const value: unknown = JSON.parse(text);
  return { value, edited: !jsonEqual(value, proposed) };
}

/** The call a binding names, with its original or edited arguments. */
type ResumedCall = ToolCall & { readonly id: string };

/**
 * Starts the reserved call: the resume enters the pipeline with it (see `identify`). Once the binding is
 * committed (right before the implementation starts), the pipeline's own result is the answer: every result
 * of a committed call comes from finishCall, which adds `executedArgumentsEdited`.
 */
function run(
  host: ResumeHost,
  descriptor: unknown,
  reg: Registration,
  call: ResumedCall,
  options: ToolExecuteOptions,
  resume: ResumeState,
): Promise<ResumedToolResult> {
  let started: ToolResult | Promise<ToolResult>;
  try {
    started = admitCall(reg, call, call.id, options, resume, undefined);
  } catch (error) {
    return settle(host, descriptor, resume, Promise.reject(error));
  }
  if (resume.committed) {
    return (started instanceof Promise ? started : Promise.resolve(started)) as Promise<ResumedToolResult>;
  }
  return settle(host, descriptor, resume, started);
}

async function reserveThenRun(
  host: ResumeHost,
  descriptor: unknown,
  reserving: PromiseLike<unknown>,
  reg: Registration,
  call: ResumedCall,
  options: ToolExecuteOptions,
  resume: ResumeState,
): Promise<ResumedToolResult> {
  let stopped: Error | undefined;
  try {
    stopped = await untilReservedOrStopped(reserving, options.signal, options.timeout);
  } catch (error) {
    return refusal(host.emitter, descriptor, resume.binding, error);
  }
  if (stopped !== undefined) {
    // The store may still reserve the binding: hand it back when it does, so it is not stuck reserved.
    Promise.resolve(reserving).then(
      () => releaseQuietly(resume.store, resume.binding),
      () => {},
    );
    return refusal(host.emitter, descriptor, resume.binding, stopped);
  }
  return run(host, descriptor, reg, call, options, resume);
}

/**
 * Awaits a call that finished without running, or is still on its way to the implementation; a binding
 * that was not committed is released first, so a refused resume leaves it issued.
 */
async function settle(
  host: ResumeHost,
  descriptor: unknown,
  resume: ResumeState,
  started: ToolResult | Promise<ToolResult>,
): Promise<ResumedToolResult> {
  let result: ToolResult | undefined;
  let thrown: unknown;
  try {
    result = await started;
  } catch (error) {
    thrown = error;
  }
  // Released before the result (or the refusal's error event) is out, so no one sees it still reserved.
  if (!resume.committed) await releaseQuietly(resume.store, resume.binding);
  if (result === undefined) return refusal(host.emitter, descriptor, resume.binding, thrown);
  const edited = (result as Partial<ResumedToolResult>).executedArgumentsEdited;
  // Refusals before admission (a closed owner, an unavailable tool) carry no call state.
  return edited === undefined
    ? { ...result, executedArgumentsEdited: resume.policyView.edited }
    : (result as ResumedToolResult);
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

/** The answer of a toolbox that was shut down: TOOLBOX_CLOSED, as `execute` answers; nothing was used. */
function closedRefusal(emitter: EventHub, descriptor: unknown): ResumedToolResult {
  const { toolName, callId } = namesOf(descriptor, undefined);
  const toolError = createToolError(
    'TOOLBOX_CLOSED',
    `Tool "${toolName}" cannot be resumed here: this toolbox was shut down and no longer admits calls. The approval was not used: resume it on a toolbox that runs.`,
    { details: { reason: 'toolbox-closed' } },
  );
  return report(emitter, createResult(toolName, callId, 'error', undefined, toolError, undefined, undefined));
}

/** The tool and call a refusal names: the verified binding's, or (unverified) the descriptor's. */
function namesOf(
  descriptor: unknown,
  binding: ApprovalBinding | undefined,
): { readonly toolName: string; readonly callId: string } {
  const record =
    typeof descriptor === 'object' && descriptor !== null ? (descriptor as Record<string, unknown>) : {};
  let toolName = binding?.toolName;
  let callId = binding?.callId;
  try {
    toolName ??= typeof record.toolName === 'string' ? record.toolName : '';
    callId ??= typeof record.callId === 'string' ? record.callId : '';
  } catch {
    // A descriptor whose getters throw names nothing.
  }
  return { toolName: toolName ?? '', callId: callId ?? '' };
}

/** Fires the `error` event of a refused resume and returns its result. */
function report(emitter: EventHub, result: ToolResult): ResumedToolResult {
  const error = result.error;
  if (error !== undefined && emitter.size !== 0 && emitter.has('error')) {
    emitter.emit('error', {
      type: 'error',
      detail: { result, error },
      timestamp: Date.now(),
      toolName: result.toolName,
      callId: result.callId,
      executionId: undefined,
      ownerId: undefined,
    });
  }
  return { ...result, executedArgumentsEdited: false };
}

function refusal(
  emitter: EventHub,
  descriptor: unknown,
  binding: ApprovalBinding | undefined,
  error: unknown,
): ResumedToolResult {
  const { toolName, callId } = namesOf(descriptor, binding);
  const code = ApprovalError.isInstance(error) ? error.code : codeOf(error);
  const toolError = createToolError(
    'APPROVAL_INVALID',
    `The approval of tool "${toolName}" cannot be resumed (${code}): ${sentence(describeThrown(error))} The tool did not run.`,
    { details: { reason: code }, cause: error },
  );
  return report(
    emitter,
    createResult(toolName, callId, 'denied', undefined, toolError, undefined, undefined),
  );
}
