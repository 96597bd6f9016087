import {
  isJsonObject,
  originalToolName,
  ProviderAdapterError,
  toolsByDeclaredName,
} from '@armorer/adapter-shared';
import type { ToolCall } from '@armorer/core';
import type { GeminiFunctionCallLike, GeminiParseOptions, GeminiToolCallsInput } from '../types';
import { syntheticCallId } from './call-ids';

const PARSER = 'parseGeminiToolCalls';

function partList(input: GeminiToolCallsInput): readonly unknown[] {
  if (input === undefined || input === null) return [];
  if (Array.isArray(input)) return input;
  if (isJsonObject(input)) {
    const record: Readonly<Record<string, unknown>> = input;
    const candidates = record['candidates'];
    if (Array.isArray(candidates)) {
      const parts = (candidates[0] as { content?: { parts?: unknown } } | undefined)?.content?.parts;
      return Array.isArray(parts) ? parts : [];
    }
    if ('parts' in record) return Array.isArray(record['parts']) ? record['parts'] : [];
  }
  throw new ProviderAdapterError({
    code: 'INVALID_TOOL_CALLS',
    message: `${PARSER}() expects response.functionCalls, content parts, a Content or a GenerateContentResponse.`,
  });
}

/**
 * Turns Gemini function calls into armorer tool calls for `toolbox.execute`. `args` arrive as an object
 * and are validated as they are (a missing `args` means no arguments, as Gemini omits it for functions
 * without parameters); parts that are not function calls are skipped. Calls without an id get one, which
 * the formatter does not send back. Declared names are mapped back to tool names.
 *
 * @example
 * ```ts
 * const calls = parseGeminiToolCalls(response.functionCalls);
 * const results = await toolbox.execute(calls);
 * ```
 */
export function parseGeminiToolCalls(
  input: GeminiToolCallsInput,
  options: GeminiParseOptions = {},
): ToolCall[] {
  const tools =
    options.tools === undefined ? undefined : toolsByDeclaredName('gemini', options.tools, PARSER);
  const calls: ToolCall[] = [];
  for (const item of partList(input)) {
    if (!isJsonObject(item)) continue;
    const part = item as GeminiFunctionCallLike;
    const call = isJsonObject(part.functionCall)
      ? part.functionCall
      : 'functionCall' in part
        ? undefined
        : part;
    if (call === undefined || (call.name === undefined && call.args === undefined)) continue;
    const name = originalToolName('gemini', typeof call.name === 'string' ? call.name : '', tools);
    const id = typeof call.id === 'string' && call.id.length > 0 ? call.id : syntheticCallId();
    calls.push({ id, name, arguments: call.args });
  }
  return calls;
}
