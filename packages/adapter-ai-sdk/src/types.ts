import type { PendingApproval, Toolbox, ToolExecuteOptions, ToolResult } from '@armorer/core';

/** JSON data as the AI SDK types it (`JSONValue` of `@ai-sdk/provider`). */
export type AISDKJSONValue =
  | null
  | string
  | number
  | boolean
  | { [key: string]: AISDKJSONValue | undefined }
  | AISDKJSONValue[];

/**
 * What a tool's `toModelOutput` returns: the part of the AI SDK's `ToolResultOutput` this package produces
 * (text or JSON for results, `error-text` or `error-json` when a hook of yours reports a failure).
 */
export type AISDKToolResultOutput =
  | { type: 'text'; value: string }
  | { type: 'json'; value: AISDKJSONValue }
  | { type: 'error-text'; value: string }
  | { type: 'error-json'; value: AISDKJSONValue };

/**
 * The options the AI SDK hands a tool's `execute` (`ToolExecutionOptions`), structurally: AI SDK 7 passes the
 * tool's `context`, AI SDK 6 `experimental_context`.
 */
export interface AISDKToolExecutionOptions {
  readonly toolCallId: string;
  /** The messages of the request that led to the call (`ModelMessage[]`). */
  readonly messages: readonly unknown[];
  readonly abortSignal?: AbortSignal | undefined;
  readonly context?: unknown;
  readonly experimental_context?: unknown;
}

/** The options the AI SDK hands a tool's `needsApproval`, structurally. */
export interface AISDKApprovalCheckOptions {
  readonly toolCallId: string;
  readonly messages: readonly unknown[];
  readonly context?: unknown;
  readonly experimental_context?: unknown;
}

/**
 * A tool's input schema as this package hands it to the AI SDK: a Standard Schema (v1) with the Standard JSON
 * Schema converter, which is also the AI SDK's own `Schema` (built by `jsonSchema()`), so the AI SDK declares
 * the tool's JSON Schema to the model exactly as armorer generated it. It accepts any value: armorer
 * validates the arguments when the call runs.
 */
export interface AISDKInputSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { readonly value: unknown };
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
      readonly output: (options: { readonly target: string }) => Record<string, unknown>;
    };
  };
  readonly jsonSchema: Record<string, unknown>;
  readonly validate: undefined;
}

/**
 * One AI SDK tool made by {@link toAISDKTools}: the object `tool()` of `ai` would return, declared
 * structurally so that this package's types load without the optional peer `ai` installed. Put a record of
 * them in `tools` of `generateText`, `streamText` or an `Agent`.
 */
export interface AISDKTool {
  description: string;
  inputSchema: AISDKInputSchema;
  execute: (input: unknown, options: AISDKToolExecutionOptions) => Promise<unknown>;
  needsApproval: (input: unknown, options: AISDKApprovalCheckOptions) => Promise<boolean>;
  toModelOutput: (options: { toolCallId: string; input: unknown; output: unknown }) => AISDKToolResultOutput;
}

/** The tool set {@link toAISDKTools} returns, keyed by the name each tool is declared under. */
export type AISDKToolSet = Record<string, AISDKTool>;

/** What a call-options function receives: which call, and the AI SDK's view of it. */
export interface AISDKCallInfo {
  /** The armorer tool name (the declared name may differ, see `aiSDKToolName`). */
  readonly toolName: string;
  readonly toolCallId: string;
  readonly messages: readonly unknown[];
  /** The tool context of AI SDK 7 (`toolsContext`), or `experimental_context` of AI SDK 6. */
  readonly context: unknown;
}

/** Call options for every call, or a function of the call returning them. */
export type AISDKCallOptions = ToolExecuteOptions | ((call: AISDKCallInfo) => ToolExecuteOptions | undefined);

/**
 * A call armorer paused and the AI SDK put to a person, kept until the person's answer comes back (often in
 * another request).
 */
export interface AISDKPendingCall {
  readonly toolCallId: string;
  /** The arguments the model sent, as the AI SDK showed them to the person. */
  readonly input: unknown;
  /** armorer's descriptor of the paused call (signed when the toolbox has an `approvalSecret`). */
  readonly pendingApproval: PendingApproval;
}

/**
 * Where paused calls wait for the person's answer. The default is process-local and bounded; pass a store
 * backed by your database when the answer may reach another process, next to the toolbox's own durable
 * `approvalStateStore`.
 */
export interface AISDKApprovalStore {
  get(toolCallId: string): AISDKPendingCall | undefined | Promise<AISDKPendingCall | undefined>;
  set(call: AISDKPendingCall): void | Promise<void>;
}

/** What a {@link AISDKResumeApproval} hook receives besides the paused call. */
export interface AISDKResumeContext {
  /** What runs the toolbox's calls (the toolbox, or the `withToolboxIdempotency` wrapper it came in). */
  readonly toolbox: Pick<Toolbox, 'execute' | 'resumeApproval'>;
  readonly toolCallId: string;
  /** The options of the call as `callOptions` resolved them (request context, signal, timeout). */
  readonly callOptions: ToolExecuteOptions | undefined;
}

/**
 * Resumes a paused call that a person approved in the AI SDK. The default, `resumeThroughToolbox`, calls
 * `toolbox.resumeApproval` under the call's request context (signed binding, used once, policy again).
 */
export type AISDKResumeApproval = (
  pending: PendingApproval,
  context: AISDKResumeContext,
) => Promise<ToolResult>;

/** Options of {@link toAISDKTools}. */
export interface AISDKToolsOptions {
  /**
   * Options of every call (`requestContext`, `ownerId`, `timeout`, ...), or a function of the call returning
   * them. The AI SDK's abort signal is added to the signal given here.
   */
  readonly callOptions?: AISDKCallOptions;
  /** Where calls paused for approval wait for the answer (default: process-local, per toolbox). */
  readonly approvalStore?: AISDKApprovalStore;
  /** Resumes an approved call (default: `resumeThroughToolbox`). */
  readonly resumeApproval?: AISDKResumeApproval;
  /**
   * Shapes a successful result for the model. Default: strings as text, everything else as JSON data
   * (bigints as strings, cycles and other non-JSON values made safe). Receives the armorer tool name too.
   */
  readonly toModelOutput?: (options: {
    readonly toolName: string;
    readonly toolCallId: string;
    readonly input: unknown;
    readonly output: unknown;
  }) => AISDKToolResultOutput;
}
