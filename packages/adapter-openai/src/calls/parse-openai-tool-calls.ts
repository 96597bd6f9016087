import {
  type JsonSchema,
  originalToolName,
  ProviderAdapterError,
  stripOptionalNulls,
  toolsByDeclaredName,
} from '@armorer/adapter-shared';
import { type AnyTool, type ToolCall, toolInputJsonSchema } from '@armorer/core';
import { wantsStrict } from '../tools/strict-option';
import type { OpenAIParseOptions, OpenAIToolCallLike, OpenAIToolCallsInput } from '../types';
import { strictSchemaFor, wasDeclaredStrict } from './strict-registry';

const PARSER = 'parseOpenAIToolCalls';

function callList(input: OpenAIToolCallsInput): readonly unknown[] {
  if (input === undefined || input === null) return [];
  if (Array.isArray(input)) return input;
  if (typeof input === 'object' && 'tool_calls' in input)
    return (input.tool_calls as readonly unknown[] | null) ?? [];
  throw new ProviderAdapterError({
    code: 'INVALID_TOOL_CALLS',
    message: `${PARSER}() expects message.tool_calls (an array) or the assistant message.`,
  });
}

/** Strict-mode nulls mapped back to absent fields; anything that is not a JSON object stays as it came. */
function strictArguments(raw: string, schema: JsonSchema): string | Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return raw; // Malformed or truncated JSON: validation reports it (MALFORMED_ARGUMENTS), never `{}`.
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? stripOptionalNulls(parsed as Record<string, unknown>, schema)
    : raw;
}

function strictSchema(
  declared: string,
  tool: AnyTool | undefined,
  options: OpenAIParseOptions,
): JsonSchema | undefined {
  if (options.strict === false) return undefined;
  if (tool !== undefined) {
    const configuration = tool.configuration;
    const strict =
      options.strict ?? (wasDeclaredStrict(configuration) || wantsStrict(configuration, undefined));
    return strict ? toolInputJsonSchema(configuration.schema) : undefined;
  }
  return strictSchemaFor(declared);
}

/**
 * Turns OpenAI Chat Completions tool calls into armorer tool calls for `toolbox.execute`. Arguments stay
 * as the JSON string the model sent, so malformed or truncated JSON fails validation with a clear
 * message (never `{}`); declared names are mapped back to tool names; for strict declarations, nulls
 * sent for absent optional fields become absent again before validation. Every call is kept, so every
 * `tool_call_id` gets an answer.
 *
 * @example
 * ```ts
 * const calls = parseOpenAIToolCalls(completion.choices[0]?.message.tool_calls);
 * const results = await toolbox.execute(calls);
 * ```
 */
export function parseOpenAIToolCalls(
  toolCalls: OpenAIToolCallsInput,
  options: OpenAIParseOptions = {},
): ToolCall[] {
  const tools =
    options.tools === undefined ? undefined : toolsByDeclaredName('openai', options.tools, PARSER);
  return callList(toolCalls).map((item): ToolCall => {
    const call = (typeof item === 'object' && item !== null ? item : {}) as OpenAIToolCallLike;
    const id = typeof call.id === 'string' ? call.id : undefined;
    const target = call.function ?? call.custom;
    const declared = typeof target?.name === 'string' ? target.name : '';
    const raw = call.function === undefined ? call.custom?.input : call.function.arguments;
    const name = originalToolName('openai', declared, tools);
    const schema =
      typeof raw === 'string' && call.function !== undefined
        ? strictSchema(declared, tools?.get(declared), options)
        : undefined;
    const args = schema === undefined || raw === undefined ? raw : strictArguments(raw, schema);
    return id === undefined ? { name, arguments: args } : { id, name, arguments: args };
  });
}
