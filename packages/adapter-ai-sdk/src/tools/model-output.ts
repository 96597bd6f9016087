import { errorData, resultData, resultError } from '@armorer/adapter-shared';
import { ToolCallError, type ToolError, type ToolResult } from '@armorer/core';
import type { AISDKJSONValue, AISDKToolResultOutput } from '../types';

/**
 * What the model reads of a successful result: strings as text, everything else as JSON data. Values JSON
 * cannot hold are made safe (bigints as strings, maps as objects, cycles as text), where the AI SDK's own
 * default would throw.
 *
 * @example
 * ```ts
 * defaultModelOutput({ output: { temp: 21 } }); // { type: 'json', value: { temp: 21 } }
 * ```
 */
export function defaultModelOutput(options: { readonly output: unknown }): AISDKToolResultOutput {
  const output = options.output;
  if (typeof output === 'string') return { type: 'text', value: output };
  return { type: 'json', value: resultData(output) as AISDKJSONValue };
}

/**
 * The failure of a call, thrown from a tool's `execute` so that the AI SDK records a `tool-error` and sends
 * the model the error's message (written for the model: what failed and what to do). It is core's
 * `ToolCallError` (`ToolCallError.isInstance(part.error)` holds); its JSON form is the structured error the
 * other adapters send (`{ error: { category, code, message, retryable, details } }`), without the thrown
 * cause, so an AI SDK that serializes the error never meets a cycle.
 */
class AISDKToolCallError extends ToolCallError {
  toJSON(): { readonly error: Record<string, unknown> } {
    return errorData(this.toolError);
  }
}

/** The error to throw for a call that failed with a tool error. */
export function toolCallFailure(toolName: string, error: ToolError): ToolCallError {
  return new AISDKToolCallError(toolName, error);
}

/** The error to throw for a result that did not succeed. */
export function failureOf(result: ToolResult): ToolCallError {
  return toolCallFailure(result.toolName, resultError(result));
}
