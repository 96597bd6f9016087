import { errorData, resultError, resultText } from '@armorer/adapter-shared';
import type { ToolResult } from '@armorer/core';

/**
 * What the model reads back: the result as text on success, otherwise the structured error
 * (`{ "error": { category, code, message, retryable, details } }`) so it can correct its arguments, stop
 * retrying a denied call, or wait for an approval.
 */
export function agentToolOutput(result: ToolResult): string {
  if (result.outcome === 'success') return resultText(result.result);
  return JSON.stringify(errorData(resultError(result)));
}
