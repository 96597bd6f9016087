import type { ToolCall, ToolError } from '@armorer/core';
import type { IdempotentExecuteOptions, IdempotentToolResult } from './types';

let refusedCount = 0;

/**
 * The result of a call refused before it reached the toolbox (no execution identity, nothing read),
 * shaped like every other result.
 */
export function refusedResult(
  call: ToolCall | undefined,
  options: IdempotentExecuteOptions | undefined,
  error: ToolError,
): IdempotentToolResult {
  const id = call?.id;
  const callId = typeof id === 'string' && id.length > 0 ? id : `call_refused_${++refusedCount}`;
  return {
    callId,
    toolCallId: callId,
    toolName: typeof call?.name === 'string' ? call.name : '',
    outcome: 'denied',
    result: undefined,
    content: error.message,
    error,
    executionId: undefined,
    ownerId: ownerOf(options),
  };
}

function ownerOf(options: IdempotentExecuteOptions | undefined): string | undefined {
  try {
    const owner = options?.ownerId ?? options?.requestContext?.authority?.ownerId;
    return typeof owner === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}
