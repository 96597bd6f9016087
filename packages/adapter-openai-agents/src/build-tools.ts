import { ProviderAdapterError } from '@armorer/adapter-shared';
import {
  type AnyTool,
  isToolbox,
  type Toolbox,
  type ToolCall,
  type ToolExecuteOptions,
  type ToolResult,
} from '@armorer/core';
import { tool as sdkTool } from '@openai/agents';
import { agentToolName } from './agent-tool-name';
import { agentParameters } from './parameters';
import { agentToolOutput } from './tool-output';
import type { AgentCallOptions, OpenAIAgentFunctionTool, OpenAIAgentRunContext } from './types';

/** What the SDK hands a tool's `execute` besides the parsed arguments (`ToolCallDetails`), structurally. */
export interface CallDetails {
  readonly toolCall?: { readonly callId?: string };
  readonly signal?: AbortSignal;
}

/** What the gate adds to a tool: an approval check, a visibility check, and a step after execution. */
export interface ToolGateHooks {
  needsApproval(
    tool: AnyTool,
    agentName: string,
  ): (runContext: unknown, input: unknown, callId?: string) => Promise<boolean>;
  isEnabled(tool: AnyTool): boolean;
  blocked(tool: AnyTool): string | undefined;
  afterExecute(
    result: ToolResult,
    agentName: string,
    runContext: OpenAIAgentRunContext & Partial<ApprovalAware>,
    options: ToolExecuteOptions | undefined,
  ): Promise<ToolResult> | ToolResult;
}

/** The SDK run context's approval lookup (`RunContext.isToolApproved`). */
export interface ApprovalAware {
  isToolApproved(approval: { toolName: string; callId: string }): boolean | undefined;
}

/** The toolbox an exporter was given, or a typed error. */
export function requireToolbox(source: unknown, exporter: string): Toolbox {
  if (isToolbox(source)) return source;
  throw new ProviderAdapterError({
    code: 'INVALID_TOOLS',
    message: `${exporter}() expects a toolbox made by createToolbox(): calls must run through its pipeline.`,
  });
}

/** Resolves the per-call options from the run context. */
export function resolveCallOptions(
  callOptions: AgentCallOptions | undefined,
  runContext: OpenAIAgentRunContext,
  signal: AbortSignal | undefined,
): ToolExecuteOptions | undefined {
  const base = typeof callOptions === 'function' ? callOptions(runContext) : callOptions;
  if (signal === undefined) return base;
  const own = base?.signal;
  return { ...base, signal: own === undefined ? signal : AbortSignal.any([own, signal]) };
}

/** Builds one SDK function tool per tool of the toolbox; every call runs through `toolbox.execute`. */
export function buildAgentTools(
  toolbox: Toolbox,
  callOptions: AgentCallOptions | undefined,
  gate: ToolGateHooks | undefined,
): OpenAIAgentFunctionTool[] {
  const seen = new Map<string, string>();
  return toolbox.tools().map((tool) => {
    const configuration = tool.configuration;
    const name = agentToolName(configuration.name);
    const other = seen.get(name);
    if (other !== undefined) {
      throw new ProviderAdapterError({
        code: 'DUPLICATE_DECLARED_NAME',
        message: `Tools "${other}" and "${configuration.name}" would both be declared to the Agents SDK as "${name}". Rename one of them.`,
      });
    }
    seen.set(name, configuration.name);
    const blockedReason = gate?.blocked(tool);
    const execute = async (input: unknown, runContext: OpenAIAgentRunContext, details?: CallDetails) => {
      const call: ToolCall = { name: configuration.name, arguments: input as Record<string, unknown> };
      const callId = details?.toolCall?.callId;
      if (callId !== undefined) (call as { id?: string }).id = callId;
      if (blockedReason !== undefined) return blockedOutput(configuration.name, blockedReason);
      const options = resolveCallOptions(callOptions, runContext, details?.signal);
      const result = await toolbox.execute(call, options);
      const final = gate === undefined ? result : await gate.afterExecute(result, name, runContext, options);
      return agentToolOutput(final);
    };
    const created = sdkTool({
      name,
      description: configuration.description,
      parameters: agentParameters(configuration) as never,
      strict: false,
      execute: execute as never,
      needsApproval: gate === undefined ? false : (gate.needsApproval(tool, name) as never),
      isEnabled: gate === undefined ? true : gate.isEnabled(tool),
    });
    return created as unknown as OpenAIAgentFunctionTool;
  });
}

function blockedOutput(toolName: string, reason: string): string {
  return JSON.stringify({
    error: {
      category: 'policy',
      code: 'POLICY_DENIED',
      message: `Tool "${toolName}" is blocked by the tool gate: ${reason}. Do not call it again; use another tool.`,
      retryable: false,
      details: { reason },
    },
  });
}
