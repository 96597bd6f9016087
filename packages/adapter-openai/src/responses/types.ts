/**
 * A function tool of the OpenAI Responses API (`FunctionTool` of `responses.create`): the Chat Completions
 * declaration with its `function` fields at the top level.
 */
export interface OpenAIResponseTool {
  readonly type: 'function';
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments (the Structured Outputs subset when `strict` is true). */
  readonly parameters: { readonly [keyword: string]: unknown };
  readonly strict: boolean;
}

/** A `function_call` output item of a response (`ResponseFunctionToolCall`), as far as it is read. */
export interface OpenAIResponseFunctionCall {
  readonly type: 'function_call';
  /** The id the `function_call_output` answers (`call_...`). */
  readonly call_id?: string;
  readonly name?: string;
  /** The arguments as JSON text (possibly cut short, or not JSON at all). */
  readonly arguments?: string;
  /** The item's own id (`fc_...`). */
  readonly id?: string;
}

/**
 * What `parseOpenAIResponseToolCalls` reads: a response (`{ output }`), its `output` items, or the events of
 * a streamed response (`response.output_item.done`, the `function_call_arguments` deltas, `response.completed`).
 */
export type OpenAIResponseToolCallsInput =
  | { readonly output?: readonly unknown[] | null | undefined }
  | readonly unknown[]
  | null
  | undefined;

/** A `function_call_output` input item for the next `responses.create` (`ResponseInputItem.FunctionCallOutput`). */
export interface OpenAIFunctionCallOutput {
  readonly type: 'function_call_output';
  readonly call_id: string;
  readonly output: string;
}
