import type { ConversionReportOptions, ToolSource } from '@armorer/adapter-shared';

/** The `function` of an OpenAI Chat Completions function tool, as armorer declares it. */
export interface OpenAIFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments (the Structured Outputs subset when `strict` is true). */
  readonly parameters: { readonly [keyword: string]: unknown };
  readonly strict: boolean;
}

/** An OpenAI Chat Completions tool (`ChatCompletionFunctionTool`), ready for `chat.completions.create`. */
export interface OpenAITool {
  readonly type: 'function';
  readonly function: OpenAIFunctionDeclaration;
}

/** Options of `toOpenAITools`. */
export interface OpenAIToolsOptions extends ConversionReportOptions {
  /**
   * Declare every tool for Structured Outputs (`strict: true`): every object closed, every property
   * required (optional ones made nullable), only supported keywords. A tool's own
   * `metadata.openai.strict` wins over this toolbox-wide default. Tools strict mode cannot express are
   * declared with `strict: false` and reported with a `STRICT_UNAVAILABLE` warning.
   */
  readonly strict?: boolean;
}

/** A tool call as OpenAI returns it (`ChatCompletionMessageToolCall`; function and custom calls). */
export interface OpenAIToolCallLike {
  readonly id?: string;
  readonly type?: string;
  readonly function?: { readonly name?: string; readonly arguments?: string };
  readonly custom?: { readonly name?: string; readonly input?: string };
}

/** What `parseOpenAIToolCalls` accepts: the `tool_calls` list, or the assistant message holding it. */
export type OpenAIToolCallsInput =
  | readonly OpenAIToolCallLike[]
  | { readonly tool_calls?: readonly OpenAIToolCallLike[] | null | undefined }
  | null
  | undefined;

/** Options of `parseOpenAIToolCalls`. */
export interface OpenAIParseOptions {
  /**
   * The toolbox (or tools) the declarations came from: maps declared names back to tool names and, for
   * strict tools, the model's nulls for absent optional fields back to absent. Without it, the names and
   * strict schemas this process exported are used.
   */
  readonly tools?: ToolSource;
  /**
   * Treat every call as coming from a strict declaration (`true`) or none (`false`). By default, a call
   * is strict when its tool was declared in strict mode by this process (or says so in its metadata).
   */
  readonly strict?: boolean;
}

/** A tool message for the next Chat Completions request (`ChatCompletionToolMessageParam`). */
export interface OpenAIToolMessage {
  readonly role: 'tool';
  readonly tool_call_id: string;
  readonly content: string;
}
