import { formatAnthropicToolResults, parseAnthropicToolCalls } from '@armorer/adapter-anthropic';
import { formatGeminiToolResults, parseGeminiToolCalls } from '@armorer/adapter-gemini';
import { formatOpenAIToolResults, parseOpenAIToolCalls } from '@armorer/adapter-openai';
import type { RequestContext, Toolbox, ToolCall, ToolResult } from '@armorer/core';
import type { ReplayAnswer, ReplayProvider } from '../protocol';
import { previewValue } from '../render/preview-value';
import { resultView } from './result-view';

/** The providers the replay box reads, in the order the page lists them. */
export const REPLAY_PROVIDERS: readonly ReplayProvider[] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
];

/** The most calls one replay executes (a pasted transcript could hold thousands). */
export const MAX_REPLAY_CALLS = 32;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Responses API `function_call` items (a list of output items, the response holding them, or one item)
 * as the Chat Completions calls they correspond to: the same name, the same JSON-text arguments, the
 * `call_id` as the id. The OpenAI adapter has no Responses parser yet; this keeps its name mapping and
 * strict-mode decoding for Responses calls too.
 */
export function responsesAsChatCalls(value: unknown): unknown[] {
  const items = Array.isArray(value)
    ? value
    : isObject(value) && Array.isArray(value.output)
      ? value.output
      : [value];
  const calls: unknown[] = [];
  for (const item of items) {
    if (!isObject(item) || item.type !== 'function_call') continue;
    const id = typeof item.call_id === 'string' ? item.call_id : item.id;
    calls.push({
      ...(typeof id === 'string' ? { id } : {}),
      type: 'function',
      function: { name: item.name, arguments: item.arguments },
    });
  }
  return calls;
}

/** One pasted call (not in a list) is read as a list of one. */
function listOf(value: unknown, single: (item: Record<string, unknown>) => boolean): unknown {
  return isObject(value) && single(value) ? [value] : value;
}

function parseCalls(
  provider: ReplayProvider,
  value: unknown,
  toolbox: Toolbox,
  strict: boolean | undefined,
): ToolCall[] {
  const strictOption = strict === undefined ? {} : { strict };
  switch (provider) {
    case 'openai-chat':
      return parseOpenAIToolCalls(listOf(value, (item) => 'function' in item || 'custom' in item) as never, {
        tools: toolbox,
        ...strictOption,
      });
    case 'openai-responses':
      return parseOpenAIToolCalls(responsesAsChatCalls(value) as never, { tools: toolbox, ...strictOption });
    case 'anthropic':
      return parseAnthropicToolCalls(listOf(value, (item) => item.type === 'tool_use') as never, {
        tools: toolbox,
      });
    case 'gemini':
      return parseGeminiToolCalls(
        listOf(value, (item) => 'functionCall' in item || 'name' in item) as never,
        {
          tools: toolbox,
        },
      );
  }
}

function modelReceives(provider: ReplayProvider, results: readonly ToolResult[]): unknown {
  switch (provider) {
    case 'openai-chat':
      return formatOpenAIToolResults(results);
    case 'openai-responses':
      return formatOpenAIToolResults(results).map((message) => ({
        type: 'function_call_output',
        call_id: message.tool_call_id,
        output: message.content,
      }));
    case 'anthropic':
      return { role: 'user', content: formatAnthropicToolResults(results) };
    case 'gemini':
      return { role: 'user', parts: formatGeminiToolResults(results) };
  }
}

function failed(provider: ReplayProvider, error: string): ReplayAnswer {
  return { provider, error, calls: [], results: [], modelReceives: null };
}

/** Options of {@link replayCalls}. */
export interface ReplayOptions {
  readonly provider: ReplayProvider;
  /** The pasted text: the provider's raw tool call(s), as JSON. */
  readonly text: string;
  readonly requestContext: RequestContext | undefined;
  /** OpenAI only: read the calls as strict-mode calls (true), as non-strict (false), or as declared. */
  readonly strict?: boolean;
  /** The approvals queue's id of a paused result, if it paused. */
  readonly approvalIdOf: (result: ToolResult) => string | undefined;
}

/**
 * Parses a provider's raw tool calls with that provider's adapter, executes them through the toolbox's
 * full pipeline (one after another, as a model's turn), and formats the results as the provider's own
 * tool-result messages: what the model would read, did-you-mean suggestions and validation errors included.
 */
export async function replayCalls(toolbox: Toolbox, options: ReplayOptions): Promise<ReplayAnswer> {
  const { provider } = options;
  let value: unknown;
  try {
    value = JSON.parse(options.text);
  } catch {
    return failed(provider, 'The pasted text is not JSON.');
  }
  let calls: ToolCall[];
  try {
    calls = parseCalls(provider, value, toolbox, options.strict);
  } catch (error) {
    return failed(provider, error instanceof Error ? error.message : 'The calls could not be read.');
  }
  if (calls.length === 0) return failed(provider, 'No tool call found in the pasted text.');
  if (calls.length > MAX_REPLAY_CALLS) {
    return failed(provider, `Paste at most ${MAX_REPLAY_CALLS} calls at a time (found ${calls.length}).`);
  }
  const results = await toolbox.execute(calls, {
    mode: 'sequential',
    ...(options.requestContext === undefined ? {} : { requestContext: options.requestContext }),
  });
  let receives: unknown;
  try {
    receives = modelReceives(provider, results);
  } catch (error) {
    receives = { error: error instanceof Error ? error.message : 'The results could not be formatted.' };
  }
  return {
    provider,
    calls: calls.map((call) => ({
      ...(call.id === undefined ? {} : { id: String(call.id) }),
      name: String(call.name),
      arguments: previewValue(call.arguments, { maxChars: 8_000 }),
    })),
    results: results.map((result) => resultView(result, options.approvalIdOf(result))),
    modelReceives: previewValue(receives, { maxChars: 100_000 }),
  };
}
