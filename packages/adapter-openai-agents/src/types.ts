import type { AnyTool, PendingApproval, Toolbox, ToolExecuteOptions, ToolResult } from '@armorer/core';

/**
 * The JSON Schema of a tool's parameters as the Agents SDK declares it (`JsonObjectSchema`).
 */
export interface OpenAIAgentParameters {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: boolean;
  [keyword: string]: unknown;
}

/** The run context the SDK hands to a tool (`RunContext` of `@openai/agents`), structurally. */
export interface OpenAIAgentRunContext<TContext = unknown> {
  readonly context: TContext;
}

/**
 * A function tool of the OpenAI Agents SDK (`FunctionTool` of `@openai/agents`), declared structurally so
 * that this package's types load without the optional peer installed. Pass these tools to `new Agent({
 * tools })`: they are the objects the SDK's own `tool()` returns.
 */
export interface OpenAIAgentFunctionTool {
  type: 'function';
  name: string;
  description: string;
  parameters: OpenAIAgentParameters;
  strict: boolean;
  invoke: (runContext: unknown, input: string, details?: unknown) => Promise<unknown>;
  needsApproval: (runContext: unknown, input: unknown, callId?: string) => Promise<boolean>;
  isEnabled: (runContext: unknown, agent: unknown) => Promise<boolean>;
}

/** Call options for every call, or a function of the SDK run context that returns them. */
export type AgentCallOptions<TContext = unknown> =
  | ToolExecuteOptions
  | ((runContext: OpenAIAgentRunContext<TContext>) => ToolExecuteOptions | undefined);

/** Options of {@link toOpenAIAgentTools}. */
export interface OpenAIAgentToolsOptions<TContext = unknown> {
  /**
   * Options for every call (`requestContext`, `ownerId`, `timeout`, `parentContext`, ...), or a function of
   * the SDK run context returning them (read the app's authority from `runContext.context`).
   */
  readonly callOptions?: AgentCallOptions<TContext>;
}

/** What a {@link ResumeApproval} hook receives besides the paused call. */
export interface ResumeApprovalContext {
  readonly toolbox: Toolbox;
  /** The SDK's name of the tool (armorer's name with unsupported characters replaced). */
  readonly agentToolName: string;
  readonly callOptions: ToolExecuteOptions | undefined;
}

/**
 * Resumes, through armorer's approval flow, a call that armorer paused for approval and that a person
 * approved in the SDK (`result.state.approve(interruption)`).
 */
export type ResumeApproval = (
  pending: PendingApproval,
  context: ResumeApprovalContext,
) => Promise<ToolResult>;

/** Options of {@link createOpenAIToolGate}. */
export interface OpenAIToolGateOptions<TContext = unknown> extends OpenAIAgentToolsOptions<TContext> {
  /**
   * Blocks tools outright: return a reason to refuse every call of the tool without running it, or
   * `undefined` to let armorer's policy decide call by call.
   */
  readonly block?: (tool: AnyTool) => string | undefined;
  /** Hide blocked tools from the model instead of refusing their calls (default false). */
  readonly hideBlocked?: boolean;
  /**
   * Resumes a call a person approved in the SDK. Default: `resumeThroughToolbox`, armorer's approval flow
   * (`toolbox.resumeApproval` with the call's request context); a call without a signed binding or request
   * context is refused with the reason.
   */
  readonly resumeApproval?: ResumeApproval;
}
