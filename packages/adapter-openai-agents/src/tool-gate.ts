import { resumeSafely } from '@armorer/adapter-shared';
import {
  type AnyTool,
  createToolError,
  describeThrown,
  type PendingApproval,
  previewToolCall,
  type ToolCallPreview,
  type ToolExecuteOptions,
  type ToolResult,
} from '@armorer/core';
import { resumeThroughToolbox } from './approval-resume';
import { buildAgentTools, requireToolbox, resolveCallOptions, type ToolGateHooks } from './build-tools';
import type {
  OpenAIAgentFunctionTool,
  OpenAIAgentRunContext,
  OpenAIToolGateOptions,
  ResumeApproval,
  ResumeApprovalContext,
} from './types';

/** What {@link createOpenAIToolGate} returns. */
export interface OpenAIToolGate {
  /** The gated tools, for `new Agent({ tools })`. */
  readonly tools: OpenAIAgentFunctionTool[];
  /** What armorer would decide for a call before running it (the same check `needsApproval` makes). */
  check(toolName: string, input: unknown, options?: ToolExecuteOptions): Promise<ToolCallPreview>;
}

/**
 * Gates the tools of a toolbox by armorer policy for the OpenAI Agents SDK. Before a call runs, the gate
 * previews it through armorer (validation, metadata enforcement, `beforeExecute` policy); a
 * `needs_approval` decision becomes the SDK's own tool approval: the run stops with an interruption that
 * the host approves or rejects on `result.state`. Denials, invalid arguments and tools blocked with the
 * `block` option go back to the model as structured errors. A call armorer paused and a person approved
 * in the SDK is resumed with the `resumeApproval` option; by default it is refused with a clear reason,
 * because armorer's own approval flow is what may resume it. Policy hooks run for the preview and again
 * for the execution, so they should not count calls.
 *
 * @example
 * ```ts
 * import { Agent, run } from '@openai/agents';
 * import { createOpenAIToolGate } from 'armorer/adapters/open-ai/agents';
 *
 * const gate = createOpenAIToolGate(toolbox, { block: (tool) => (tool.configuration.tags.includes('admin') ? 'admin only' : undefined) });
 * const agent = new Agent({ name: 'Assistant', tools: gate.tools });
 * let result = await run(agent, 'Refund order 42');
 * for (const interruption of result.interruptions) result.state.approve(interruption);
 * result = await run(agent, result.state);
 * ```
 */
export function createOpenAIToolGate<TContext = unknown>(
  toolbox: unknown,
  options: OpenAIToolGateOptions<TContext> = {},
): OpenAIToolGate {
  const box = requireToolbox(toolbox, 'createOpenAIToolGate');
  const callOptions = options.callOptions as OpenAIToolGateOptions['callOptions'];
  const block = options.block;
  const resume = options.resumeApproval ?? resumeThroughToolbox;
  const blockedReason = (tool: AnyTool): string | undefined => {
    const reason = block?.(tool);
    return typeof reason === 'string' && reason.length > 0 ? reason : undefined;
  };
  const hooks: ToolGateHooks = {
    needsApproval: (tool) => {
      if (blockedReason(tool) !== undefined) return async () => false;
      return async (runContext, input, callId) => {
        const call = { name: tool.name, arguments: input as Record<string, unknown> };
        if (callId !== undefined) Object.assign(call, { id: callId });
        const preview = await previewToolCall(
          box,
          call,
          resolveCallOptions(callOptions, runContext as OpenAIAgentRunContext, undefined),
        );
        return preview.status === 'needs_approval';
      };
    },
    isEnabled: (tool) => options.hideBlocked !== true || blockedReason(tool) === undefined,
    blocked: blockedReason,
    afterExecute: (result, agentName, runContext, executeOptions) => {
      const pending = result.pendingApproval;
      if (result.outcome !== 'action_required' || pending?.status !== 'needs_approval') return result;
      const approved = runContext.isToolApproved?.({ toolName: agentName, callId: result.callId });
      if (approved !== true) return result;
      return resumeSafely(resume, pending, {
        toolbox: box,
        agentToolName: agentName,
        callOptions: executeOptions,
      });
    },
  };
  return {
    tools: buildAgentTools(box, callOptions, hooks),
    check: (toolName, input, checkOptions) =>
      previewToolCall(box, { name: toolName, arguments: input as Record<string, unknown> }, checkOptions),
  };
}
