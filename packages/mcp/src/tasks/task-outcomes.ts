import {
  createToolError,
  describeThrown,
  StoreError,
  type Toolbox,
  type ToolError,
  type ToolResult,
} from '@armorer/core';
import type { TaskChange, TaskJson } from '@armorer/idempotency';
import type { McpCallToolResult } from '../declarations/types';
import { declaresOutput } from '../server/declares-output';
import { elicitationRequest } from '../server/elicitation';
import { errorMeta, errorResult, toCallToolResult } from '../server/to-call-result';
import { type TaskData, taskJson } from './task-data';
import type { LocalRun } from './task-leases';

/** What settling a run needs from its runner. */
export interface SettleHost {
  readonly settings: { readonly maxResultBytes: number };
}

/** A run that ended with an answer already shaped for the client (a refused approval). */
export class Answered {
  constructor(readonly callResult: McpCallToolResult) {}
}

/** What a run's work answers. */
export type RunOutcome = ToolResult | Answered;

/** The JSON-RPC error of a `failed` task whose outcome nobody knows (`-32603`, with the armorer error). */
export function unknownOutcome(message: string, error?: ToolError): TaskJson {
  const cause = error ?? createToolError('IDEMPOTENCY_UNKNOWN_OUTCOME', message, { retryable: false });
  return { code: -32603, message, data: { 'armorer/error': errorMeta(cause) } };
}

/** The error of a call whose task could not be recorded or read (nothing ran); retryable as the store says. */
export function storeFailure(error: unknown, verb: string): ToolError {
  if (error instanceof TypeError || error instanceof RangeError) {
    return createToolError('EXECUTION_FAILED', `The call cannot run as a task: ${error.message}`, {
      retryable: false,
    });
  }
  const advice = StoreError.isInstance(error) ? ` (${error.code})` : '';
  return createToolError(
    'EXECUTION_FAILED',
    `The task could not be ${verb} in the task store${advice}: ${describeThrown(error)}. The call was not run.`,
    { cause: error, details: { reason: 'task-store' } },
  );
}

/** The data of a task that ended: the call, without a pause or an answer left to act on. */
export function endedData(data: TaskData): TaskJson {
  const { pending: _pending, inputKey: _inputKey, input: _input, answer: _answer, ...rest } = data;
  return taskJson({ ...rest, phase: 'run' });
}

function ended(data: TaskData, status: TaskChange['status'], message: string | null): TaskChange {
  return {
    status,
    updatedAt: Date.now(),
    statusMessage: message,
    owner: null,
    leaseExpiresAt: null,
    data: endedData(data),
    result: null,
    error: null,
  };
}

/** A task that failed: a JSON-RPC error (never a tool's `isError` result, which completes the task). */
export function failedChange(data: TaskData, error: TaskJson): TaskChange {
  return { ...ended(data, 'failed', String(error['message'] ?? 'The task failed.')), error };
}

/** A task that was cancelled before it ended. */
export function cancelledChange(data: TaskData): TaskChange {
  return ended(data, 'cancelled', 'Cancelled.');
}

/** A task that completed with this `CallToolResult` (bounded: a result too large to keep is an `isError` one). */
export function completedChange(host: SettleHost, data: TaskData, callResult: McpCallToolResult): TaskChange {
  let text: string | undefined;
  try {
    text = JSON.stringify(callResult);
  } catch {
    text = undefined;
  }
  const limit = host.settings.maxResultBytes;
  const kept =
    text !== undefined && text.length <= limit
      ? callResult
      : errorResult(
          createToolError(
            'EXECUTION_FAILED',
            `Tool "${data.tool}" ran, but its result is larger than this server keeps for a task (${limit} bytes of JSON). Do not retry it unchanged.`,
            { retryable: false },
          ),
        );
  return { ...ended(data, 'completed', null), result: JSON.parse(JSON.stringify(kept)) as TaskJson };
}

/**
 * How a run's result ends (or pauses) its task: a signed pause waits for a person (`input_required`, one
 * form under a key of its own), an unknown outcome fails, a cancelled run is `cancelled`, and everything
 * else completes with the call's `CallToolResult` (an `isError` one included, as the extension asks).
 */
export function settleChange(
  host: SettleHost,
  run: LocalRun,
  toolbox: Toolbox,
  data: TaskData,
  outcome: RunOutcome,
): TaskChange {
  if (outcome instanceof Answered) return completedChange(host, data, outcome.callResult);
  const result = outcome;
  const pending = result.pendingApproval;
  if (result.outcome === 'action_required' && pending?.binding !== undefined && !run.cancelled) {
    const pauses = data.pauses + 1;
    const input = elicitationRequest(pending);
    const waiting: TaskData = {
      ...data,
      phase: 'run',
      pauses,
      pending,
      inputKey: `${pending.kind}-${pauses}`,
      input,
    };
    const { answer: _answer, ...next } = waiting;
    return {
      ...ended(
        data,
        'input_required',
        pending.kind === 'approval' ? 'Waiting for approval.' : 'Waiting for input.',
      ),
      data: taskJson(next),
    };
  }
  if (result.error?.code === 'IDEMPOTENCY_UNKNOWN_OUTCOME') {
    return failedChange(data, unknownOutcome(result.error.message, result.error));
  }
  if (run.cancelled && result.outcome !== 'success') return cancelledChange(data);
  const structured = result.outcome === 'success' && declaresOutput(toolbox, data.tool);
  return completedChange(host, data, toCallToolResult(result, structured));
}
