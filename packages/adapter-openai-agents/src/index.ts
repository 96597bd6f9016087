/**
 * @armorer/adapter-openai-agents: armorer toolboxes in the OpenAI Agents SDK (server-only), with tool
 * gating by armorer policy and approvals through the SDK's interruptions.
 *
 * @example
 * ```ts
 * import { Agent, run } from '@openai/agents';
 * import { createOpenAIToolGate, toOpenAIAgentTools } from '@armorer/adapter-openai-agents';
 *
 * const agent = new Agent({ name: 'Assistant', tools: toOpenAIAgentTools(toolbox) });
 * const gated = new Agent({ name: 'Careful assistant', tools: createOpenAIToolGate(toolbox).tools });
 * ```
 *
 * @module
 */
export { agentToolName } from './agent-tool-name';
export { toOpenAIAgentTools } from './agent-tools';
export { refuseUnresumedApproval, resumeThroughToolbox } from './approval-resume';
export { createOpenAIToolGate, type OpenAIToolGate } from './tool-gate';
export { agentToolOutput } from './tool-output';
export type {
  AgentCallOptions,
  OpenAIAgentFunctionTool,
  OpenAIAgentParameters,
  OpenAIAgentRunContext,
  OpenAIAgentToolsOptions,
  OpenAIToolGateOptions,
  ResumeApproval,
  ResumeApprovalContext,
} from './types';
