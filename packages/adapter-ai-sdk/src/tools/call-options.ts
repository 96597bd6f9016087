import type { ToolExecuteOptions } from '@armorer/core';
import type { AISDKCallOptions, AISDKToolExecutionOptions } from '../types';

/**
 * The armorer options of one call: the `callOptions` option (an object, or a function of the call), with
 * the AI SDK's abort signal joined to the signal given there.
 */
export function resolveCallOptions(
  callOptions: AISDKCallOptions | undefined,
  toolName: string,
  execution: AISDKToolExecutionOptions,
  signal: AbortSignal | undefined,
): ToolExecuteOptions | undefined {
  const base =
    typeof callOptions === 'function'
      ? callOptions({
          toolName,
          toolCallId: execution.toolCallId,
          messages: execution.messages,
          context: execution.context !== undefined ? execution.context : execution.experimental_context,
        })
      : callOptions;
  if (signal === undefined) return base;
  const own = base?.signal;
  return { ...base, signal: own === undefined ? signal : AbortSignal.any([own, signal]) };
}
