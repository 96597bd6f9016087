import {
  exportableSchema,
  originalToolName,
  ProviderAdapterError,
  toolsByDeclaredName,
  WarningCollector,
} from '@armorer/adapter-shared';
import type { AnyTool, ToolCall, ToolConfiguration } from '@armorer/core';
import { decodeValue, type StrictCodec } from '../schema/strict-codec';
import { StrictUnavailable, toStrictCodec } from '../schema/strict-schema';
import { wantsStrict } from '../tools/strict-option';
import type { OpenAIParseOptions, OpenAIToolCallLike, OpenAIToolCallsInput } from '../types';
import { strictCodecFor, strictCodecOf, wasDeclaredStrict } from './strict-registry';

const PARSER = 'parseOpenAIToolCalls';

function callList(input: OpenAIToolCallsInput): readonly unknown[] {
  if (input === undefined || input === null) return [];
  if (Array.isArray(input)) return input;
  if (typeof input === 'object' && 'tool_calls' in input)
    return Array.isArray(input.tool_calls) ? input.tool_calls : [];
  throw new ProviderAdapterError({
    code: 'INVALID_TOOL_CALLS',
    message: `${PARSER}() expects message.tool_calls (an array) or the assistant message.`,
  });
}

/** The value when it is an object (a model may send `null`, a string or a number in its place). */
function objectOrUndefined<T extends object>(value: T | null | undefined): T | undefined {
  return typeof value === 'object' && value !== null ? value : undefined;
}

/**
 * The arguments as an object; malformed or truncated JSON (and JSON that is not an object) stays the
 * string it came as, so validation reports it (MALFORMED_ARGUMENTS), never `{}`.
 */
function parseArguments(raw: string, codec: StrictCodec | undefined): string | Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return raw;
  return (codec === undefined ? parsed : decodeValue(codec, codec.root, parsed)) as Record<string, unknown>;
}

const computedCodecs = new WeakMap<ToolConfiguration, StrictCodec | null>();

/** The strict codec of a tool this process did not export in strict mode (built once, then kept). */
function codecOf(configuration: ToolConfiguration): StrictCodec | undefined {
  const known = strictCodecOf(configuration) ?? computedCodecs.get(configuration);
  if (known !== undefined) return known ?? undefined;
  const collector = new WarningCollector('openai', configuration.name);
  let codec: StrictCodec | null = null;
  try {
    codec = toStrictCodec(exportableSchema(configuration, collector), collector);
  } catch (error) {
    if (!(error instanceof StrictUnavailable)) throw error;
  }
  computedCodecs.set(configuration, codec);
  return codec ?? undefined;
}

function strictCodec(
  declared: string,
  tool: AnyTool | undefined,
  options: OpenAIParseOptions,
): StrictCodec | undefined {
  if (options.strict === false) return undefined;
  if (tool !== undefined) {
    const configuration = tool.configuration;
    const strict =
      options.strict ?? (wasDeclaredStrict(configuration) || wantsStrict(configuration, undefined));
    return strict ? codecOf(configuration) : undefined;
  }
  return strictCodecFor(declared);
}

/**
 * Turns OpenAI Chat Completions tool calls into armorer tool calls for `toolbox.execute`. Arguments are
 * parsed into an object; malformed or truncated JSON stays the string the model sent, so it fails
 * validation with a clear message (never `{}`). Declared names are mapped back to tool names. For strict
 * declarations the arguments are read back into the tool's own shape: nulls sent for absent optional
 * fields become absent, `{ key, value }` entries become records, JSON-encoded strings become values.
 * Every call is kept, so every `tool_call_id` gets an answer.
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
    // A model may send `function: null` or a string there: such a call has no name and no arguments.
    const fn = objectOrUndefined(call.function);
    const custom = objectOrUndefined(call.custom);
    const target = fn ?? custom;
    const declared = typeof target?.name === 'string' ? target.name : '';
    const raw = fn === undefined ? custom?.input : fn.arguments;
    const name = originalToolName('openai', declared, tools);
    const args =
      typeof raw === 'string' && fn !== undefined
        ? parseArguments(raw, strictCodec(declared, tools?.get(declared), options))
        : raw;
    return id === undefined ? { name, arguments: args } : { id, name, arguments: args };
  });
}
