import { resumeSafely } from '@armorer/adapter-shared';
import { jsonEqual } from '@armorer/approval';
import {
  createToolError,
  describeThrown,
  previewToolCall,
  type Toolbox,
  type ToolError,
  type ToolExecuteOptions,
  type ToolResult,
} from '@armorer/core';
import { resolveCallOptions } from '../tools/call-options';
import type { CallRunner } from '../tools/require-toolbox';
import type {
  AISDKApprovalCheckOptions,
  AISDKApprovalStore,
  AISDKCallOptions,
  AISDKPendingCall,
  AISDKResumeApproval,
  AISDKToolExecutionOptions,
} from '../types';
import { approvalAnswer } from './approval-answer';

interface EarlyResult {
  readonly input: unknown;
  readonly result: ToolResult;
}

/**
 * armorer's approvals on the AI SDK's approval flow, for one tool set. Before a call runs, the AI SDK asks
 * the tool's `needsApproval`: armorer previews the call, and when its policy would pause it, runs it up to
 * the pause (nothing executes) and keeps the signed descriptor; the AI SDK then asks a person. When the
 * answer comes back approved, the AI SDK calls `execute`, which resumes that descriptor through
 * `toolbox.resumeApproval`: signed, used once, under the call's request context. A denied answer never
 * reaches the tool (the AI SDK records the denial as the call's result).
 */
export class ApprovalFlow {
  // Results of calls that ran (or ended) while their approval was checked, for the `execute` that follows
  // in the same step: a policy that changed its mind between the preview and the run.
  readonly #early = new Map<string, EarlyResult>();

  constructor(
    /** The toolbox whose tools are exported (previews read it). */
    readonly toolbox: Toolbox,
    /** What runs the calls: the toolbox, or the wrapper it came in. */
    readonly runner: CallRunner,
    readonly callOptions: AISDKCallOptions | undefined,
    readonly store: AISDKApprovalStore,
    readonly resume: AISDKResumeApproval,
  ) {}

  /** The `needsApproval` of a tool. Never throws: a failure is kept as the call's result. */
  async needsApproval(toolName: string, input: unknown, check: AISDKApprovalCheckOptions): Promise<boolean> {
    const toolCallId = check.toolCallId;
    try {
      const call = { id: toolCallId, name: toolName, arguments: input as Record<string, unknown> };
      const options = resolveCallOptions(this.callOptions, toolName, check, undefined);
      // Most calls need no approval: they cost one preview, and the store is not read.
      const preview = await previewToolCall(this.toolbox, call, options);
      if (preview.status !== 'needs_approval') return false;
      const known = await this.store.get(toolCallId);
      if (known !== undefined && sameCall(known, toolName, input)) return true;
      // AI SDK 7 asks again when the answer comes back. A call answered whose paused descriptor is gone
      // (dropped, or kept in another process) is never paused anew under the old answer: `execute` runs it
      // through the pipeline, where the policy pauses it again and the call fails closed.
      if (approvalAnswer(check.messages, toolCallId) !== undefined) return false;
      const result = await this.runner.execute(call, options);
      const pending = result.pendingApproval;
      if (result.outcome === 'action_required' && pending?.status === 'needs_approval') {
        await this.store.set({ toolCallId, input, pendingApproval: pending });
        return true;
      }
      this.#early.set(toolCallId, { input, result });
      return false;
    } catch (thrown) {
      const error = createToolError(
        'APPROVAL_STORE_FAILED',
        `Tool "${toolName}" was not executed: its approval could not be prepared (${describeThrown(thrown)}).`,
        { cause: thrown },
      );
      this.#early.set(toolCallId, { input, result: storeFailure(toolCallId, toolName, error) });
      return false;
    }
  }

  /**
   * What `execute` runs for a call: the result kept by `needsApproval`, the resumed descriptor of a call a
   * person approved, or else the call itself through `toolbox.execute` (its promise, as it is).
   */
  run(toolName: string, input: unknown, execution: AISDKToolExecutionOptions): Promise<ToolResult> {
    const toolCallId = execution.toolCallId;
    if (this.#early.size > 0) {
      const early = this.#early.get(toolCallId);
      if (early !== undefined) {
        this.#early.delete(toolCallId);
        if (jsonEqual(early.input, input)) return Promise.resolve(early.result);
      }
    }
    const options = resolveCallOptions(this.callOptions, toolName, execution, execution.abortSignal);
    if (approvalAnswer(execution.messages, toolCallId) === 'approved') {
      return this.#resumeApproved(toolName, input, toolCallId, options);
    }
    return this.runner.execute({ id: toolCallId, name: toolName, arguments: input as never }, options);
  }

  /** A call a person approved: its paused descriptor resumes; a call with none runs as a new one. */
  async #resumeApproved(
    toolName: string,
    input: unknown,
    toolCallId: string,
    options: ToolExecuteOptions | undefined,
  ): Promise<ToolResult> {
    let paused: AISDKPendingCall | undefined;
    try {
      paused = await this.store.get(toolCallId);
    } catch (thrown) {
      const error = createToolError(
        'APPROVAL_STORE_FAILED',
        `Tool "${toolName}" was not executed: its paused call could not be read (${describeThrown(thrown)}).`,
        { cause: thrown },
      );
      return storeFailure(toolCallId, toolName, error);
    }
    if (paused !== undefined && sameCall(paused, toolName, input)) {
      return resumeSafely(this.resume, paused.pendingApproval, {
        toolbox: this.runner,
        toolCallId,
        callOptions: options,
      });
    }
    return this.runner.execute({ id: toolCallId, name: toolName, arguments: input as never }, options);
  }
}

/** The paused call is this call: the same tool, and the arguments the person saw. */
function sameCall(paused: AISDKPendingCall, toolName: string, input: unknown): boolean {
  return paused.pendingApproval.toolName === toolName && jsonEqual(paused.input, input);
}

function storeFailure(toolCallId: string, toolName: string, error: ToolError): ToolResult {
  return {
    callId: toolCallId,
    toolCallId,
    toolName,
    outcome: 'error',
    result: undefined,
    content: error.message,
    error,
  };
}
