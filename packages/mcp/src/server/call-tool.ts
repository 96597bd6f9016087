import { createToolError, describeThrown, type Toolbox, type ToolResult } from '@armorer/core';
import type { McpCallToolResult } from '../declarations/types';
import type { TaskCall, TaskRunner, TaskStarted } from '../tasks/task-runner';
import { readAnswer } from './answer';
import { invalidApproval, type SettleContext, settleAnswer } from './approval-flow';
import type { CallHost } from './call-host';
import type { CallChannel } from './channel';
import { declaresOutput } from './declares-output';
import { type ElicitationForm, elicitationRequest } from './elicitation';
import { IdempotentCalls, idempotencyKeyOf } from './idempotent-calls';
import { decodeRequestState, encodeRequestState } from './request-state';
import type { SessionState } from './session-state';
import { errorResult, toCallToolResult } from './to-call-result';
import type { McpCallOptions } from './types';

/** The key of the one embedded request of armorer's `input_required` results. */
export const INPUT_REQUEST_KEY = 'approval';

/** A 2026 interim result: the embedded elicitation, and the signed pause to echo back. */
export interface InputRequiredOutcome {
  readonly inputRequired: {
    readonly key: string;
    readonly message: string;
    readonly requestedSchema: ElicitationForm;
    readonly requestState: string;
  };
}

/** What a `tools/call` answers: a `CallToolResult`, or (2026 only) `input_required` or a task. */
export type CallOutcome = McpCallToolResult | InputRequiredOutcome | TaskStarted;

export function isInputRequired(outcome: CallOutcome): outcome is InputRequiredOutcome {
  return (outcome as Partial<InputRequiredOutcome>).inputRequired !== undefined;
}

/** Whether the call became a task (its answer is a `CreateTaskResult`). */
export function isTaskStarted(outcome: CallOutcome | ToolResult): outcome is TaskStarted {
  return (outcome as Partial<TaskStarted>).createTask !== undefined;
}

/**
 * A call for a client that accepts tasks: a declared long-running tool becomes a task at once; with
 * `afterMs`, any call still running by then does. Undefined when the call does not go through tasks.
 */
async function throughTasks(
  tasks: TaskRunner,
  toolbox: Toolbox,
  call: TaskCall['call'],
  chosen: McpCallOptions | undefined,
  channel: CallChannel,
  idempotencyKey: string | undefined,
): Promise<CallOutcome | ToolResult | undefined> {
  const progressToken = channel.meta?.['progressToken'];
  const start: TaskCall = {
    toolbox,
    call,
    options: chosen,
    signal: channel.signal,
    progress: progressToken === undefined ? undefined : progressSink(channel, progressToken),
    idempotencyKey,
  };
  if (tasks.declares(toolbox, call.name)) {
    const started = await tasks.startDeclared(start);
    return 'createTask' in started ? started : errorResult(started);
  }
  const afterMs = tasks.settings.afterMs;
  return afterMs === undefined ? undefined : tasks.callWithThreshold(start, afterMs);
}

/** What settling a pause needs; built only when a call paused (or resumes), never on the common path. */
function settleContext(
  host: CallHost,
  toolbox: Toolbox,
  options: RunOptions,
  call: SettleContext['call'],
): SettleContext {
  return { host, toolbox, options, call, structured: () => declaresOutput(toolbox, call.name) };
}

type CallParams = { readonly name: string; readonly arguments?: Record<string, unknown> | undefined };
type RunOptions = McpCallOptions & { readonly signal: AbortSignal };

function askModern(pending: NonNullable<ToolResult['pendingApproval']>): InputRequiredOutcome {
  const { message, requestedSchema } = elicitationRequest(pending);
  return {
    inputRequired: {
      key: INPUT_REQUEST_KEY,
      message,
      requestedSchema,
      requestState: encodeRequestState(pending),
    },
  };
}

/** A 2026 retry carrying `requestState`: the answer to a pause settles it; a missing answer asks again. */
async function resumeRetry(
  params: CallParams,
  channel: CallChannel,
  context: SettleContext,
): Promise<CallOutcome> {
  let pending: ReturnType<typeof decodeRequestState>;
  try {
    pending = decodeRequestState(channel.requestState);
  } catch (error) {
    return invalidApproval(
      'invalid-request-state',
      `The requestState cannot be used: ${describeThrown(error)}`,
    );
  }
  if (pending.toolName !== params.name) {
    return invalidApproval('tool-mismatch', `The requestState belongs to a call of another tool.`);
  }
  const responses = channel.inputResponses;
  const raw =
    responses !== undefined && Object.hasOwn(responses, INPUT_REQUEST_KEY)
      ? responses[INPUT_REQUEST_KEY]
      : undefined;
  if (raw === undefined) return askModern(pending);
  return settleAnswer(pending, readAnswer(pending, raw), context);
}

/** A 2025 pause put to the human through `elicitation/create`, then settled. */
async function askLegacy(
  result: ToolResult,
  channel: CallChannel,
  context: SettleContext,
): Promise<McpCallToolResult> {
  const pending = result.pendingApproval;
  if (pending === undefined) return toCallToolResult(result, false);
  let raw: unknown;
  try {
    raw = await channel.elicit(elicitationRequest(pending), context.options.timeout);
  } catch (error) {
    const base =
      result.error ??
      createToolError(
        pending.kind === 'approval' ? 'APPROVAL_REQUIRED' : 'INPUT_REQUIRED',
        'The call needs a human.',
      );
    return errorResult({
      ...base,
      message: `${base.message} (Asking the user failed: ${describeThrown(error)})`,
    });
  }
  return settleAnswer(pending, readAnswer(pending, raw), context);
}

function progressSink(channel: CallChannel, progressToken: unknown) {
  let sent = -1;
  return (event: { detail: { percent?: number | undefined; message?: string | undefined } }) => {
    // MCP requires progress to increase with every notification: an update that does not move the
    // percentage forward is not sent.
    const progress = event.detail.percent ?? sent;
    if (!(progress > sent)) return;
    sent = progress;
    const message = event.detail.message;
    channel
      .notify({
        method: 'notifications/progress',
        params: { progressToken, progress, total: 100, ...(message === undefined ? {} : { message }) },
      })
      .catch(() => {});
  };
}

async function runCall(host: CallHost, params: CallParams, channel: CallChannel): Promise<CallOutcome> {
  const toolbox = host.currentToolbox();
  const callId = host.nextCallId();
  let stopProgress: (() => void) | undefined;
  try {
    const chosen = host.options.callOptions?.({
      method: 'tools/call',
      toolName: params.name,
      taskId: undefined,
      sessionId: channel.sessionId,
      requestId: channel.requestId,
      authInfo: channel.authInfo,
      era: channel.era,
      protocolVersion: channel.protocolVersion,
    });
    const options: RunOptions = { ...chosen, signal: channel.signal };
    const call = { id: callId, name: params.name, arguments: params.arguments ?? {} };
    if (channel.era === 'modern' && channel.requestState !== undefined) {
      return await resumeRetry(params, channel, settleContext(host, toolbox, options, call));
    }
    const idempotent = host.idempotent;
    const key = idempotent === undefined ? undefined : idempotencyKeyOf(channel.meta);
    const tasks = host.tasks;
    const viaTask =
      tasks !== undefined && channel.acceptsTasks()
        ? await throughTasks(tasks, toolbox, call, chosen, channel, key)
        : undefined;
    if (viaTask !== undefined && !('outcome' in viaTask)) return viaTask;
    let result = viaTask;
    if (result === undefined) {
      const progressToken = channel.meta?.['progressToken'];
      if (progressToken !== undefined) {
        stopProgress = host.progress.route(toolbox, callId, progressSink(channel, progressToken));
      }
      result =
        key === undefined || idempotent === undefined
          ? await toolbox.execute(call, options)
          : await idempotent.execute(
              toolbox,
              call,
              chosen ?? {},
              channel.signal,
              IdempotentCalls.callKey(chosen, key),
            );
    }
    const pending = result.pendingApproval;
    if (result.outcome === 'action_required' && pending !== undefined && host.options.elicitation !== false) {
      if (channel.era === 'modern') {
        // Only a signed pause can travel through the client: without a binding, the call stays an isError result.
        if (pending.binding !== undefined && channel.supportsFormElicitation()) return askModern(pending);
      } else if (channel.supportsFormElicitation()) {
        return await askLegacy(result, channel, settleContext(host, toolbox, options, call));
      }
    }
    return toCallToolResult(result, result.outcome === 'success' && declaresOutput(toolbox, params.name));
  } finally {
    stopProgress?.();
  }
}

/**
 * Runs one `tools/call` through the full armorer pipeline (validation, policy, middleware, events) and
 * maps the outcome to a `CallToolResult`, or on the 2026 revision to an `input_required` result when a
 * policy paused the call. Nothing a client sends ends the session: every failure is an `isError` result.
 */
export async function callTool(
  host: CallHost,
  session: SessionState,
  params: CallParams,
  channel: CallChannel,
): Promise<CallOutcome> {
  const release = host.admit();
  if (release === undefined) {
    return errorResult(
      createToolError('TOOLBOX_CLOSED', 'The MCP server is shutting down; the call was not run.'),
    );
  }
  if (!session.enter()) {
    release();
    return errorResult(
      createToolError(
        'RATE_LIMITED',
        `This MCP session already runs ${session.limit} tool calls; wait for one to finish and retry.`,
        { details: { reason: 'session-concurrency' } },
      ),
    );
  }
  try {
    return await runCall(host, params, channel);
  } finally {
    session.leave();
    release();
  }
}
