import type { ConversionReportOptions, ToolSource } from '@armorer/adapter-shared';

/** An Anthropic Messages API custom tool (`Tool` of `messages.create`). */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema (draft 2020-12) of the input; always `type: 'object'`. */
  readonly input_schema: { readonly type: 'object'; readonly [keyword: string]: unknown };
  /**
   * Strict tool use: Anthropic guarantees that calls match the schema. Set (to `true`, or to `false` for a
   * tool strict mode cannot declare) only when strict mode was asked for.
   */
  readonly strict?: boolean;
}

/** Options of `toAnthropicTools`. */
export interface AnthropicToolsOptions extends ConversionReportOptions {
  /**
   * Declare every tool for strict tool use (`strict: true`): Anthropic then guarantees that each call matches
   * its schema. Strict schemas close every object and carry the constraints strict mode does not support
   * (`minimum`, `maxLength`, `pattern`, ...) as text in the description, each reported through `onWarnings`
   * and still enforced when the call is validated. A tool strict mode cannot declare (a map, a tuple, a
   * value of any type, recursion) is declared with `strict: false` and its full schema, with a
   * `STRICT_UNAVAILABLE` warning. A tool's own `metadata.anthropic.strict` wins over this default.
   */
  readonly strict?: boolean;
}

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
