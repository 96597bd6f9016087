import type { ConversionReportOptions, ToolSource } from '@armorer/adapter-shared';

/** An Anthropic Messages API custom tool (`Tool` of `messages.create`). */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema (draft 2020-12) of the input; always `type: 'object'`. */
  readonly input_schema: { readonly type: 'object'; readonly [keyword: string]: unknown };
}

/** Options of `toAnthropicTools`. */
export type AnthropicToolsOptions = ConversionReportOptions;

/** A `tool_use` content block as Anthropic returns it. */
export interface AnthropicToolUseLike {
  readonly type: string;
  readonly id?: string;
  readonly name?: string;
  readonly input?: unknown;
}

/** What `parseAnthropicToolCalls` accepts: the message's content blocks, or the message itself. */
export type AnthropicToolCallsInput =
  | readonly AnthropicToolUseLike[]
  | { readonly content: readonly AnthropicToolUseLike[] | string }
  | null
  | undefined;

/** Options of `parseAnthropicToolCalls`. */
export interface AnthropicParseOptions {
  /** The toolbox (or tools) the declarations came from, to map declared names back to tool names. */
  readonly tools?: ToolSource;
}

/** A `tool_result` content block for the next user message (`ToolResultBlockParam`). */
export interface AnthropicToolResultBlock {
  readonly type: 'tool_result';
  readonly tool_use_id: string;
  readonly content: string;
  readonly is_error: boolean;
}
